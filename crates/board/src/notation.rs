//! Coordinates as renju players write them: columns `a`, `b`, … from the
//! left, rows `1`, `2`, … from the bottom, so the centre of 15×15 is `h8`.
//! Past `z` (boards wider than 26) the columns go on `A`, `B`, ….

/// The column letter of `x`.
#[must_use]
pub fn column(x: usize) -> char {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEF";
    LETTERS.get(x).map_or('?', |&b| char::from(b))
}

/// The point `(x, y)`, `y` counted from the top as the protocol does, on a
/// board `height` rows high: `h8` for 7,7 on 15×15.
#[must_use]
pub fn coord(x: usize, y: usize, height: usize) -> String {
    format!("{}{}", column(x), height.saturating_sub(y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renju_coordinates() {
        assert_eq!(coord(7, 7, 15), "h8");
        assert_eq!(coord(0, 14, 15), "a1");
        assert_eq!(coord(14, 0, 15), "o15");
        assert_eq!(coord(26, 0, 32), "A32");
    }
}
