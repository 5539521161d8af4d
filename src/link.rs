//! Sharing a puzzle by link (#44 item 2): `inkdoku://play/<code>`, the code being the game's
//! short puzzle code ([`crate::games::GameDef::link_code`]: a Solo game ID for a Sudoku, a
//! KenKen's `k6.…`, a sliding board's `s3x4.…`), which the games read back as they read their
//! text ([`crate::import`]). Opening a link starts Inkdoku (the shell registers the scheme) or
//! hands it to the running one; a link pasted in "Play this puzzle" works too.
//!
//! A link is read strictly (the scheme in any case, then `//play/`, a code of at most
//! [`MAX_CODE`] characters, `%XX` escapes decoded): a link from a chat message may have been
//! cut or tampered with, and is refused with a clear [`LinkError`], never a panic, never a file
//! touched.

/// Every link starts so.
pub const PREFIX: &str = "inkdoku://play/";
/// The longest code read (a 9x9 KenKen's is about 100 characters).
pub const MAX_CODE: usize = 2_000;

/// Why a link can't be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("an Inkdoku link reads inkdoku://play/ and the puzzle's code")]
    NotPlay,
    #[error("the link has no puzzle in it")]
    Empty,
    #[error("the link is longer than any puzzle's ({0} characters)")]
    TooLong(usize),
    #[error("the link has a broken %-escape")]
    Escape,
}

impl LinkError {
    pub fn kind(&self) -> &'static str {
        "bad_link"
    }
}

/// The link of the puzzle of `game` (where it began, not the moves since).
pub fn link_of(game: &crate::play::GameInPlay) -> String {
    format!("{PREFIX}{}", escape(&game.link_code()))
}

/// Whether `text` is meant as an Inkdoku link (the scheme, in any case).
pub fn is_link(text: &str) -> bool {
    text.trim().get(..8).is_some_and(|s| s.eq_ignore_ascii_case("inkdoku:"))
}

/// The puzzle code a link carries.
pub fn code_of(link: &str) -> Result<String, LinkError> {
    let link = link.trim();
    let rest = link.get(PREFIX.len()..).filter(|_| link.get(..PREFIX.len()).is_some_and(|p| p.eq_ignore_ascii_case(PREFIX))).ok_or(LinkError::NotPlay)?;
    // A trailing slash, or a query or fragment a chat program added, is no part of the code.
    let rest = rest.split(['?', '#']).next().unwrap_or("").trim_end_matches('/');
    if rest.len() > MAX_CODE * 3 {
        return Err(LinkError::TooLong(rest.len()));
    }
    let code = unescape(rest)?;
    match code.chars().count() {
        0 => Err(LinkError::Empty),
        n if n > MAX_CODE => Err(LinkError::TooLong(n)),
        _ => Ok(code),
    }
}

/// Keeps what a URL path carries as it is (letters, digits, `-._~:`), escapes the rest.
fn escape(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    for b in code.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~:".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn unescape(s: &str) -> Result<String, LinkError> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = s.get(i + 1..i + 3).ok_or(LinkError::Escape)?;
            out.push(u8::from_str_radix(hex, 16).map_err(|_| LinkError::Escape)?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| LinkError::Escape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_carries_its_code_exactly() {
        for code in ["3x3:b6_4e1", "k6.ABCD.a12m6", "s3x3.123456780", "a b/c%d?e#f"] {
            let link = format!("{PREFIX}{}", escape(code));
            assert!(is_link(&link));
            assert_eq!(code_of(&link).as_deref(), Ok(code), "{link}");
        }
        assert_eq!(code_of("INKDOKU://PLAY/3x3:b6_4e1/").as_deref(), Ok("3x3:b6_4e1"));
        assert_eq!(code_of(" inkdoku://play/s3x3.123456780?utm=chat#x \n").as_deref(), Ok("s3x3.123456780"));
    }

    #[test]
    fn a_broken_link_is_named() {
        assert_eq!(code_of("inkdoku://open/3x3:b"), Err(LinkError::NotPlay));
        assert_eq!(code_of("inkdoku:play"), Err(LinkError::NotPlay));
        assert_eq!(code_of("inkdoku://play/"), Err(LinkError::Empty));
        assert_eq!(code_of("inkdoku://play/%4"), Err(LinkError::Escape));
        assert_eq!(code_of("inkdoku://play/%zz"), Err(LinkError::Escape));
        assert_eq!(code_of("inkdoku://play/%ff%fe"), Err(LinkError::Escape));
        assert_eq!(code_of("inkdoku://play/%C3%A9"), Ok("é".into()));
        assert!(matches!(code_of(&format!("{PREFIX}{}", "a".repeat(MAX_CODE + 1))), Err(LinkError::TooLong(_))));
        assert!(!is_link("3x3:b6") && !is_link("ink"));
    }
}
