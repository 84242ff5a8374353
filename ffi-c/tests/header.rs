//! The committed header is exactly what the pinned cbindgen generates from
//! this crate, and its version macros are the crate's version.
//! Regenerate it with `ATOM4_BLESS=1 cargo test -p atom4-ffi --test header`.

use std::path::Path;

fn generate() -> String {
    let crate_dir = env!("CARGO_MANIFEST_DIR");
    let config = cbindgen::Config::from_file(Path::new(crate_dir).join("cbindgen.toml"))
        .expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("UTF-8 header")
}

#[test]
fn committed_header_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../include/atom4.h");
    let fresh = generate();
    if std::env::var_os("ATOM4_BLESS").is_some() {
        std::fs::write(&path, &fresh).expect("write include/atom4.h");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "include/atom4.h is out of date: run ATOM4_BLESS=1 cargo test -p atom4-ffi --test header"
    );
}

#[test]
fn version_constants_are_the_crate_version() {
    let version = format!(
        "{}.{}.{}",
        atom4::ATOM4_VERSION_MAJOR,
        atom4::ATOM4_VERSION_MINOR,
        atom4::ATOM4_VERSION_PATCH
    );
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
    // SAFETY: atom4_version returns a static NUL-terminated string.
    let reported = unsafe { std::ffi::CStr::from_ptr(atom4::atom4_version()) };
    assert_eq!(reported.to_str(), Ok(env!("CARGO_PKG_VERSION")));
}
