//! Big tables asked for fallibly: a machine (or a `ulimit -v`) short of
//! memory gets an error line, never an abort ("memory allocation of N
//! bytes failed").

/// `len` copies of `value`, or an error naming `what` and its size.
pub fn filled<T: Clone>(len: usize, value: T, what: &str) -> Result<Vec<T>, String> {
    let mut table = Vec::new();
    table.try_reserve_exact(len).map_err(|_| {
        let mib = (len as f64 * size_of::<T>() as f64 / (1 << 20) as f64).ceil();
        format!("not enough memory for {what} ({mib} MiB)")
    })?;
    table.resize(len, value);
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_big_is_an_error() {
        assert_eq!(filled(3, 7u8, "t").unwrap(), vec![7, 7, 7]);
        let e = filled(usize::MAX / 16, 0u64, "the table").unwrap_err();
        assert!(e.starts_with("not enough memory for the table ("), "{e}");
    }
}
