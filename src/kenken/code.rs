//! A KenKen's short code, for a link (`inkdoku://play/k6.…`, see [`crate::link`]): the JSON of
//! the data sets is several hundred characters, too long for a chat message.
//!
//! `k<n>.<walls>.<cages>`:
//! - `<n>`: the side, 3 to 9;
//! - `<walls>`: one bit per pair of neighbouring cells, 1 where they are in different cages —
//!   first the pairs side by side (row by row, left to right), then the pairs one above the
//!   other (row by row) — six bits to a character of the URL-safe base64 alphabet
//!   (`A`-`Z`, `a`-`z`, `0`-`9`, `-`, `_`), the first bit the highest, the last character
//!   padded with zeros;
//! - `<cages>`: each cage's operation and target, in the order of each cage's first cell
//!   (row-major): `a` add, `s` subtract, `m` multiply, `d` divide, `g` a given number, then
//!   the target in decimal (`a12m6s1g4`).
//!
//! The cages are the groups of cells that no wall separates. A 6x6 is about 40 characters, a
//! 9x9 about 100.

use super::{Cage, KenkenError, Op, Puzzle, MAX_SIZE, MIN_SIZE};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/// The longest code read: a 9x9 of 81 one-cell cages with large targets is under 500.
pub const MAX_LEN: usize = 1_000;

/// Why a code is no KenKen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    #[error("a KenKen code starts with k, the side (3 to 9) and a dot")]
    Head,
    #[error("the code is longer than any KenKen's ({0} characters)")]
    TooLong(usize),
    #[error("the cage walls should be {expected} characters of A-Z, a-z, 0-9, - and _")]
    Walls { expected: usize },
    #[error("cage {cage}: {why}")]
    Cage { cage: usize, why: &'static str },
    #[error("the walls make {walls} cages, the code gives {given}")]
    Count { walls: usize, given: usize },
    #[error(transparent)]
    Puzzle(#[from] KenkenError),
}

/// The pairs of neighbouring cells, in the code's order.
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    let across = (0..n).flat_map(move |r| (0..n - 1).map(move |c| (r * n + c, r * n + c + 1)));
    let down = (0..n - 1).flat_map(move |r| (0..n).map(move |c| (r * n + c, (r + 1) * n + c)));
    across.chain(down)
}

fn letter(op: Op) -> char {
    match op {
        Op::Add => 'a',
        Op::Sub => 's',
        Op::Mul => 'm',
        Op::Div => 'd',
        Op::Given => 'g',
    }
}

fn op_of(c: u8) -> Option<Op> {
    Some(match c {
        b'a' => Op::Add,
        b's' => Op::Sub,
        b'm' => Op::Mul,
        b'd' => Op::Div,
        b'g' => Op::Given,
        _ => return None,
    })
}

/// The puzzle's code.
pub fn write(p: &Puzzle) -> String {
    let n = p.size();
    let mut cage_of = vec![0usize; n * n];
    for (k, cage) in p.cages().iter().enumerate() {
        for &(r, c) in &cage.cells {
            cage_of[r * n + c] = k;
        }
    }
    let bits: Vec<bool> = pairs(n).map(|(a, b)| cage_of[a] != cage_of[b]).collect();
    let walls: String = bits.chunks(6).map(|six| ALPHABET[six.iter().enumerate().fold(0, |v, (i, &b)| v | (usize::from(b) << (5 - i)))] as char).collect();
    // The cages in the order of their first cell.
    let mut order: Vec<&Cage> = p.cages().iter().collect();
    order.sort_by_key(|c| c.cells.iter().map(|&(r, col)| r * n + col).min());
    let cages: String = order.iter().map(|c| format!("{}{}", letter(c.op), c.target)).collect();
    format!("k{n}.{walls}.{cages}")
}

/// Whether `text` has a KenKen code's head (`k6.`).
pub fn looks_like(text: &str) -> bool {
    let b = text.trim().as_bytes();
    b.len() > 3 && b[0] == b'k' && b[1].is_ascii_digit() && b[2] == b'.'
}

/// The puzzle of a code; the puzzle is checked as every KenKen is ([`Puzzle::new`]).
pub fn read(code: &str) -> Result<Puzzle, CodeError> {
    let code = code.trim();
    if code.len() > MAX_LEN {
        return Err(CodeError::TooLong(code.len()));
    }
    let mut parts = code.splitn(3, '.');
    let (head, walls, cages) = (parts.next().unwrap_or(""), parts.next(), parts.next());
    let n: usize = head.strip_prefix('k').and_then(|s| s.parse().ok()).filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n)).ok_or(CodeError::Head)?;
    let (Some(walls), Some(cages)) = (walls, cages) else { return Err(CodeError::Head) };
    let count = 2 * n * (n - 1);
    let expected = count.div_ceil(6);
    if walls.len() != expected {
        return Err(CodeError::Walls { expected });
    }
    let mut bits = Vec::with_capacity(expected * 6);
    for ch in walls.bytes() {
        let v = ALPHABET.iter().position(|&a| a == ch).ok_or(CodeError::Walls { expected })?;
        bits.extend((0..6).rev().map(|i| v >> i & 1 == 1));
    }
    // The groups of cells no wall separates (union-find), numbered by their first cell.
    let mut parent: Vec<usize> = (0..n * n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for ((a, b), wall) in pairs(n).zip(bits) {
        if !wall {
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let mut group_of = vec![usize::MAX; n * n];
    let mut groups: Vec<Vec<(usize, usize)>> = Vec::new();
    for i in 0..n * n {
        let r = root(&mut parent, i);
        if group_of[r] == usize::MAX {
            group_of[r] = groups.len();
            groups.push(Vec::new());
        }
        groups[group_of[r]].push((i / n, i % n));
    }
    // The operations and targets.
    let b = cages.as_bytes();
    let mut rules = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let cage = rules.len() + 1;
        let op = op_of(b[i]).ok_or(CodeError::Cage { cage, why: "the operation is none of a, s, m, d, g" })?;
        let start = i + 1;
        i = start;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let target: u64 = cages[start..i].parse().map_err(|_| CodeError::Cage { cage, why: "its target is no number" })?;
        rules.push((op, target));
    }
    if rules.len() != groups.len() {
        return Err(CodeError::Count { walls: groups.len(), given: rules.len() });
    }
    let cages = groups.into_iter().zip(rules).map(|(cells, (op, target))| Cage { op, target, cells }).collect();
    Ok(Puzzle::new(n, cages)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_back_the_same_puzzle_and_is_short() {
        let key = |p: &Puzzle| {
            let mut v: Vec<String> = p.cages().iter().map(|c| format!("{:?}{}{:?}", c.op, c.target, c.cells)).collect();
            v.sort();
            v
        };
        for size in MIN_SIZE..=MAX_SIZE {
            for e in crate::kenken::bank::entries(size) {
                let code = write(&e.puzzle);
                let back = read(&code).unwrap_or_else(|err| panic!("{code}: {err}"));
                assert_eq!((write(&back), key(&back)), (code.clone(), key(&e.puzzle)));
                assert!(code.len() <= 12 + 3 * size * size, "{code}");
            }
        }
    }

    #[test]
    fn a_broken_code_is_named_never_a_panic() {
        for (code, want) in [
            ("k", CodeError::Head),
            ("k2.A.a1", CodeError::Head),
            ("kx.A.a1", CodeError::Head),
            ("k3.", CodeError::Head),
            ("k3.AAA.a1", CodeError::Walls { expected: 2 }),
            ("k3.A*.a1", CodeError::Walls { expected: 2 }),
            ("k3.AA.x9", CodeError::Cage { cage: 1, why: "the operation is none of a, s, m, d, g" }),
            ("k3.AA.a", CodeError::Cage { cage: 1, why: "its target is no number" }),
            ("k3.AA.a1a2", CodeError::Count { walls: 1, given: 2 }),
        ] {
            assert_eq!(read(code).err(), Some(want), "{code}");
        }
        assert!(matches!(read("k3.AA.a99"), Err(CodeError::Puzzle(_))));
    }
}
