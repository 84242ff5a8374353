//! The WebSocket port's front door. A connection's HTTP request head is
//! read first: the endpoint [`WS_PATH`] goes on to the WebSocket upgrade
//! (the head replayed to it); any other `GET` or `HEAD` is answered with a
//! file of the page's directory (`atom4 serve --web DIR`: the web page and
//! its server on one port), or a 404 when there is none. A request is
//! answered and the connection closed: no keep-alive, no body taken.

use std::io;
use std::path::{Component, Path, PathBuf};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;

use super::connection::WS_PATH;

/// The longest request head read.
pub const MAX_HEAD: usize = 8 * 1024;
/// The time a connection has to send its request head.
pub const HEAD_TIME: Duration = Duration::from_secs(10);
/// The largest file served (the page's module is about 400 KiB).
pub const MAX_FILE: u64 = 16 * 1024 * 1024;

/// What became of a connection at the front door.
pub enum Front {
    /// A request for the WebSocket endpoint: its bytes so far, to be
    /// replayed to the upgrade.
    WebSocket(Vec<u8>),
    /// Answered (a file, a 404, ...): the log's words.
    Answered(String),
    /// No request came, or the connection failed.
    Failed(String),
}

/// Reads the request head and answers it, unless it is for the WebSocket
/// endpoint.
pub async fn front(stream: &mut TcpStream, web: Option<&Path>) -> Front {
    let head = match tokio::time::timeout(HEAD_TIME, read_head(stream)).await {
        Ok(Ok(head)) => head,
        Ok(Err(why)) => return Front::Failed(why),
        Err(_) => return Front::Failed("no HTTP request in time".into()),
    };
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut request = httparse::Request::new(&mut headers);
    let (method, target) = match request.parse(&head) {
        Ok(httparse::Status::Complete(_)) => (
            request.method.unwrap_or("").to_string(),
            request.path.unwrap_or("").to_string(),
        ),
        _ => {
            let answer = respond(
                stream,
                "400 Bad Request",
                "text/plain",
                b"bad request\n",
                true,
            );
            let _ = answer.await;
            return Front::Answered("a bad HTTP request: 400".into());
        }
    };
    let path = target.split(['?', '#']).next().unwrap_or("");
    if path == WS_PATH {
        return Front::WebSocket(head);
    }
    let (status, kind, body) = answer(&method, path, web).await;
    let send_body = method != "HEAD";
    let said = format!("{method} {path}: {status}");
    match respond(stream, status, kind, &body, send_body).await {
        Ok(()) => Front::Answered(said),
        Err(e) => Front::Failed(format!("{said}; write error: {e}")),
    }
}

/// Reads up to the head's blank line (bytes after it, if any, stay in the
/// returned buffer).
async fn read_head(stream: &mut TcpStream) -> Result<Vec<u8>, String> {
    let mut head = Vec::with_capacity(1024);
    let mut buf = [0u8; 2048];
    loop {
        let n = match stream.read(&mut buf).await {
            Ok(0) => return Err("closed before its HTTP request".into()),
            Ok(n) => n,
            Err(e) => return Err(format!("read error: {e}")),
        };
        let from = head.len().saturating_sub(3);
        head.extend_from_slice(&buf[..n]);
        if head[from..].windows(4).any(|w| w == b"\r\n\r\n") {
            return Ok(head);
        }
        if head.len() > MAX_HEAD {
            return Err(format!("an HTTP request head longer than {MAX_HEAD} bytes"));
        }
    }
}

async fn answer(
    method: &str,
    path: &str,
    web: Option<&Path>,
) -> (&'static str, &'static str, Vec<u8>) {
    const TEXT: &str = "text/plain; charset=utf-8";
    if method != "GET" && method != "HEAD" {
        return (
            "405 Method Not Allowed",
            TEXT,
            b"only GET and HEAD\n".to_vec(),
        );
    }
    let Some(root) = web else {
        let why = format!("atom4 serves WebSocket at {WS_PATH} only\n");
        return ("404 Not Found", TEXT, why.into_bytes());
    };
    match file(root, path).await {
        Some((kind, body)) => ("200 OK", kind, body),
        None => ("404 Not Found", TEXT, b"not found\n".to_vec()),
    }
}

/// The file `path` stands for under `root`, if it is one there: the path
/// decoded, without `..`, a directory meaning its `index.html`, and the
/// file (links resolved) still under the root.
async fn file(root: &Path, path: &str) -> Option<(&'static str, Vec<u8>)> {
    let decoded = percent_decode(path)?;
    let relative = Path::new(decoded.trim_start_matches('/'));
    if !relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let root = tokio::fs::canonicalize(root).await.ok()?;
    let mut file: PathBuf = root.join(relative);
    if tokio::fs::metadata(&file).await.ok()?.is_dir() {
        file.push("index.html");
    }
    let file = tokio::fs::canonicalize(&file).await.ok()?;
    let meta = tokio::fs::metadata(&file).await.ok()?;
    if !file.starts_with(&root) || !meta.is_file() || meta.len() > MAX_FILE {
        return None;
    }
    let body = tokio::fs::read(&file).await.ok()?;
    Some((content_type(&file), body))
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "txt" | "ts" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// `%XX` decoded; `None` for a bad escape, a NUL or bytes that are not UTF-8.
fn percent_decode(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    if out.contains(&0) {
        return None;
    }
    String::from_utf8(out).ok()
}

async fn respond(
    stream: &mut TcpStream,
    status: &str,
    kind: &str,
    body: &[u8],
    send_body: bool,
) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    if send_body {
        stream.write_all(body).await?;
    }
    stream.shutdown().await
}

/// A stream whose first bytes are given again: the request head the front
/// door read, for the WebSocket upgrade.
pub struct Replay<S> {
    head: Vec<u8>,
    at: usize,
    inner: S,
}

impl<S> Replay<S> {
    pub fn new(head: Vec<u8>, inner: S) -> Replay<S> {
        Replay { head, at: 0, inner }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Replay<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.at < this.head.len() {
            let n = buf.remaining().min(this.head.len() - this.at);
            buf.put_slice(&this.head[this.at..this.at + n]);
            this.at += n;
            if this.at == this.head.len() {
                this.head = Vec::new();
                this.at = 0;
            }
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Replay<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_decode_and_never_leave_the_root() {
        assert_eq!(percent_decode("/a%20b.js").as_deref(), Some("/a b.js"));
        assert_eq!(percent_decode("/%zz"), None);
        assert_eq!(percent_decode("/a%00"), None);
        assert_eq!(percent_decode("/%ff"), None);
        let normal = |p: &str| {
            Path::new(p.trim_start_matches('/'))
                .components()
                .all(|c| matches!(c, Component::Normal(_)))
        };
        assert!(normal("/views/atom4.js"));
        assert!(!normal("/../etc/passwd"));
        assert!(!normal("/views/../../x"));
    }
}
