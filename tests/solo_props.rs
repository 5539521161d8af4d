//! Solo game IDs by property (issue 42): any puzzle written reads back as itself, and any text,
//! random or a real ID broken by mutation, is read or refused with a typed error: never a panic.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use inkdoku::sudoku::solo::{self, Cage, Regions, SoloPuzzle};

/// A jigsaw of side `n`: the rows, then random swaps of two side-by-side cells of different
/// regions, kept whenever the regions stay one piece each.
fn jigsaw(n: usize, rng: &mut StdRng) -> Vec<u8> {
    let mut map: Vec<u8> = (0..n * n).map(|i| (i / n) as u8).collect();
    for _ in 0..n * n * 4 {
        let a = rng.random_range(0..n * n);
        let b = if rng.random_bool(0.5) { a + 1 } else { a + n };
        if b >= n * n || (b == a + 1 && b % n == 0) || map[a] == map[b] {
            continue;
        }
        // Swapped, both regions keep their size; kept if both are still one piece.
        let mut next = map.clone();
        next.swap(a, b);
        if SoloPuzzle::new(n, Regions::Jigsaw(next.clone()), false, vec![0; n * n], None).is_ok() {
            map = next;
        }
    }
    map
}

/// Killer cages over a grid of side `n`: pieces grown from each free cell in reading order to a
/// random size of 2 to 4 (a lone cell joins the cage beside it); sums any of Solo's range.
fn cages(n: usize, rng: &mut StdRng) -> Vec<Cage> {
    let mut cage_of: Vec<Option<usize>> = vec![None; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in 0..n * n {
        if cage_of[start].is_some() {
            continue;
        }
        let want = rng.random_range(2..=4.min(n));
        let mut cells = vec![start];
        cage_of[start] = Some(cages.len());
        while cells.len() < want {
            let free: Vec<usize> = cells
                .iter()
                .flat_map(|&c| [c + 1, c + n].into_iter().filter(move |&d| d < n * n && !(d == c + 1 && d % n == 0)))
                .filter(|&d| cage_of[d].is_none())
                .collect();
            let Some(&d) = free.get(rng.random_range(0..free.len().max(1))) else { break };
            cage_of[d] = Some(cages.len());
            cells.push(d);
        }
        if cells.len() == 1 {
            // Join the cage to the left or above if it has room, else keep a pair with it.
            let near = [start.checked_sub(1).filter(|_| start % n != 0), start.checked_sub(n)];
            if let Some(k) = near.into_iter().flatten().filter_map(|d| cage_of[d]).find(|&k| k != cages.len() && cages[k].len() < n) {
                cage_of[start] = Some(k);
                cages[k].push(start);
                continue;
            }
        }
        cages.push(cells);
    }
    let max = (n * n * n) as u16;
    cages.into_iter().map(|cells| Cage { cells, sum: rng.random_range(1..=max) }).collect()
}

/// A random puzzle of any kind Solo has, up to Inkdoku's 16x16 (Killers to 9x9).
fn puzzle(seed: u64) -> SoloPuzzle {
    let mut rng = StdRng::seed_from_u64(seed);
    loop {
        let jig = rng.random_bool(0.4);
        let (n, regions) = if jig {
            let n = rng.random_range(2..=9);
            (n, Regions::Jigsaw(jigsaw(n, &mut rng)))
        } else {
            let (rows, cols) = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (3, 4), (4, 3), (2, 5), (4, 4), (2, 8), (8, 2)][rng.random_range(0..12)];
            (rows * cols, Regions::Boxes { rows, cols })
        };
        let x = n >= solo::X_MIN_SIZE && rng.random_bool(0.3);
        let density = rng.random_range(0.0..1.0);
        let givens: Vec<u8> = (0..n * n).map(|_| if rng.random_bool(density) { rng.random_range(1..=n as u8) } else { 0 }).collect();
        let cages = (n <= solo::KILLER_MAX_SIZE && rng.random_bool(0.3)).then(|| cages(n, &mut rng));
        if let Ok(p) = SoloPuzzle::new(n, regions, x, givens, cages) {
            return p;
        }
    }
}

/// A text that is broken somewhere: characters dropped, changed, swapped, doubled, inserted,
/// cut.
fn mutate(id: &str, rng: &mut StdRng) -> String {
    const ALPHABET: &[char] = &['a', 'b', 'y', 'z', '_', ',', ':', '#', '0', '1', '9', 'x', 'j', 'k', 'd', 'm', ' ', 'A', 'é', '🙂', '\n'];
    let mut chars: Vec<char> = id.chars().collect();
    for _ in 0..rng.random_range(1..4) {
        let i = rng.random_range(0..=chars.len());
        match rng.random_range(0..7) {
            // Two neighbours swapped: the same count of cells or lines, one moved.
            6 if i + 1 < chars.len() => chars.swap(i, i + 1),
            0 if i < chars.len() => {
                chars.remove(i);
            }
            1 if i < chars.len() => chars[i] = ALPHABET[rng.random_range(0..ALPHABET.len())],
            2 => chars.insert(i, ALPHABET[rng.random_range(0..ALPHABET.len())]),
            3 => chars.truncate(i),
            4 => {
                let j = rng.random_range(i..=chars.len());
                let piece: Vec<char> = chars[i..j].to_vec();
                chars.splice(j..j, piece);
            }
            _ => {
                // A number grown out of range, or a run letter pushed past the end.
                chars.insert(i, ['9', 'z'][rng.random_range(0..2)]);
            }
        }
    }
    chars.into_iter().collect()
}

/// Whatever happens to a text, an answer: a puzzle that writes back to what reads as itself,
/// or an error with a sentence.
fn read_or_refuse(text: &str) {
    match SoloPuzzle::read(text) {
        Ok(p) => {
            let id = p.write();
            assert_eq!(SoloPuzzle::read(&id).as_ref(), Ok(&p), "{text:?} → {id}");
            assert_eq!(id.parse::<SoloPuzzle>().map(|q| q.to_string()), Ok(id.clone()));
        }
        Err(e) => assert!(!e.to_string().is_empty(), "{text:?}"),
    }
    let _ = solo::resemblance(text);
    let _ = solo::read_classic(text).map_err(|e| e.to_string());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Every puzzle an ID can carry is written so that it reads back as itself, and that
    /// writing is a fixed point.
    #[test]
    fn any_puzzle_written_reads_back_as_itself(seed in any::<u64>()) {
        let p = puzzle(seed);
        let id = p.write();
        let back = SoloPuzzle::read(&id);
        prop_assert_eq!(back.as_ref(), Ok(&p), "{}", id);
        prop_assert_eq!(back.map(|q| q.write()), Ok(id.clone()));
        prop_assert_eq!(solo::resemblance(&id), solo::Resemblance::Full, "{}", id);
    }

    /// A real ID broken anywhere is read (then it round-trips) or refused with a typed error.
    #[test]
    fn a_broken_id_is_read_or_refused(seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let id = puzzle(seed).write();
        for _ in 0..20 {
            read_or_refuse(&mutate(&id, &mut rng));
        }
    }

    /// Any text of the format's characters (and a few others) is read or refused.
    #[test]
    fn any_text_is_read_or_refused(text in "[0-9]{0,3}(x[0-9]{0,2})?[jxkdmra0-9]{0,3}[:#]?[a-z_0-9,]{0,200}") {
        read_or_refuse(&text);
    }

    /// Noise of every kind, including what no ID holds.
    #[test]
    fn noise_is_read_or_refused(text in "\\PC{0,80}") {
        read_or_refuse(&text);
    }
}

/// The mutations above do break IDs, in every part, with each kind of error (so the fuzz
/// reaches the reader's checks and not only its first line). A cage of the wrong size is
/// not among them: a line moved in one changes its sums first (one cage with none or two),
/// which is checked before; `SoloPuzzle::new`'s own test has it.
#[test]
fn the_mutations_reach_every_check() {
    let mut rng = StdRng::seed_from_u64(42);
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..300 {
        let id = puzzle(seed).write();
        for _ in 0..20 {
            if let Err(e) = SoloPuzzle::read(&mutate(&id, &mut rng)) {
                let name = format!("{e:?}");
                seen.insert(name.split([' ', '{', '(']).next().unwrap_or("").to_string());
            }
        }
    }
    for want in ["NoColon", "RandomSeed", "BadCharacter", "OutOfRange", "CellCount", "MissingPart", "TrailingText", "TooManyLines", "TooFewLines", "Unclosed", "RegionCount", "RegionSize", "CageSums"] {
        assert!(seen.contains(want), "no mutation gave {want}: {seen:?}");
    }
}

/// The random puzzles are of every kind and size the property tests claim.
#[test]
fn the_random_puzzles_cover_every_kind() {
    let mut kinds = std::collections::BTreeSet::new();
    let mut sizes = std::collections::BTreeSet::new();
    for seed in 0..400 {
        let p = puzzle(seed);
        kinds.insert(p.variant().key());
        sizes.insert(p.size());
    }
    assert_eq!(kinds.len(), 8, "{kinds:?}");
    assert!([2, 4, 6, 9, 10, 12, 16].iter().all(|n| sizes.contains(n)), "{sizes:?}");
}
