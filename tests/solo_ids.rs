//! Solo game IDs made by Solo itself (`sgt-solo --generate N PARAMS`, Debian's `sgt-puzzles`):
//! every kind Inkdoku reads, at a few difficulties, read, checked (givens, regions, cages) and
//! written back to the same ID; the classic and X ones, the jigsaws and the Killers solved with
//! exactly one solution, which cross-checks the reading (classic: by the engine's solver).
//!
//! sgt-solo must be there (`scripts/setup.sh test` installs it): without it the tests fail
//! saying how to install it. `INKDOKU_SKIP_SOLO=1` skips them (the Windows runs do).

mod common;


use inkdoku::sudoku::solo::{Regions, SoloPuzzle, Variant};
use inkdoku::sudoku::solver;

/// Whether `cells` of a grid of side `n` are one piece.
fn one_piece(n: usize, cells: &[usize]) -> bool {
    let mut seen = vec![cells[0]];
    let mut i = 0;
    while i < seen.len() {
        let c = seen[i];
        i += 1;
        for d in cells {
            let near = (c / n == d / n && c.abs_diff(*d) == 1) || c.abs_diff(*d) == n;
            if near && !seen.contains(d) {
                seen.push(*d);
            }
        }
    }
    seen.len() == cells.len()
}

/// A small exact solver over any units (rows, columns, regions, diagonals) and Killer cages,
/// independent of the reader and of the engine: the number of solutions, up to 2.
struct Units {
    n: usize,
    units: Vec<Vec<usize>>,
    cell_units: Vec<Vec<usize>>,
    cages: Vec<(Vec<usize>, u32)>,
    cage_of: Vec<Option<usize>>,
}

impl Units {
    fn of(p: &SoloPuzzle) -> Units {
        let n = p.size();
        let mut units: Vec<Vec<usize>> = (0..n).map(|r| (0..n).map(|c| r * n + c).collect()).collect();
        units.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        let map = p.region_map();
        units.extend((0..n).map(|k| (0..n * n).filter(|&i| usize::from(map[i]) == k).collect()));
        if p.is_x() {
            units.push((0..n).map(|i| i * (n + 1)).collect());
            units.push((0..n).map(|i| (i + 1) * (n - 1)).collect());
        }
        let mut cell_units = vec![Vec::new(); n * n];
        for (u, cells) in units.iter().enumerate() {
            for &c in cells {
                cell_units[c].push(u);
            }
        }
        let cages: Vec<(Vec<usize>, u32)> = p.cages().unwrap_or(&[]).iter().map(|c| (c.cells.clone(), u32::from(c.sum))).collect();
        let mut cage_of = vec![None; n * n];
        for (k, (cells, _)) in cages.iter().enumerate() {
            for &c in cells {
                cage_of[c] = Some(k);
            }
        }
        Units { n, units, cell_units, cages, cage_of }
    }

    fn candidates(&self, grid: &[u8], cell: usize) -> u32 {
        let n = self.n;
        let mut used = 0u32;
        for &u in &self.cell_units[cell] {
            for &c in &self.units[u] {
                used |= 1 << grid[c];
            }
        }
        let mut cands = ((1u32 << (n + 1)) - 2) & !used;
        if let Some(k) = self.cage_of[cell] {
            let (cells, sum) = &self.cages[k];
            let (mut placed, mut left, mut in_cage) = (0u32, 0u32, 0u32);
            for &c in cells {
                if grid[c] == 0 {
                    left += 1;
                } else {
                    placed += u32::from(grid[c]);
                    in_cage |= 1 << grid[c];
                }
            }
            cands &= !in_cage;
            for v in 1..=n as u32 {
                let rest = i64::from(*sum) - i64::from(placed) - i64::from(v);
                let k = i64::from(left) - 1;
                let (lo, hi) = (k * (k + 1) / 2, (0..k).map(|j| n as i64 - j).sum::<i64>());
                if rest < lo || rest > hi {
                    cands &= !(1 << v);
                }
            }
        }
        cands
    }

    fn count(&self, grid: &mut Vec<u8>, limit: usize) -> usize {
        let mut best: Option<(usize, u32)> = None;
        for i in 0..grid.len() {
            if grid[i] == 0 {
                let c = self.candidates(grid, i);
                if best.is_none_or(|(_, b)| c.count_ones() < b.count_ones()) {
                    best = Some((i, c));
                }
                if c == 0 {
                    return 0;
                }
            }
        }
        let Some((cell, cands)) = best else { return 1 };
        let mut found = 0;
        for v in 1..=self.n as u8 {
            if cands & (1 << v) != 0 {
                grid[cell] = v;
                found += self.count(grid, limit - found);
                grid[cell] = 0;
                if found >= limit {
                    break;
                }
            }
        }
        found
    }
}

/// The structure of a puzzle read from Solo's ID, checked without the reader's own checks.
fn check_structure(id: &str, p: &SoloPuzzle) {
    let n = p.size();
    assert!(p.givens().iter().all(|&v| usize::from(v) <= n), "{id}: a given outside 1..={n}");
    let map = p.region_map();
    for k in 0..n {
        let cells: Vec<usize> = (0..n * n).filter(|&i| usize::from(map[i]) == k).collect();
        assert_eq!(cells.len(), n, "{id}: region {k}");
        assert!(one_piece(n, &cells), "{id}: region {k} is not one piece");
    }
    if let Some(cages) = p.cages() {
        let mut cover = vec![0; n * n];
        for c in cages {
            for &i in &c.cells {
                cover[i] += 1;
            }
            let k = c.cells.len() as u32;
            let (lo, hi) = (k * (k + 1) / 2, (0..k).map(|j| n as u32 - j).sum::<u32>());
            assert!((2..=n).contains(&c.cells.len()) && one_piece(n, &c.cells), "{id}: cage {c:?}");
            assert!((lo..=hi).contains(&u32::from(c.sum)), "{id}: cage {c:?}: its sum is not {lo} to {hi}");
        }
        assert!(cover.iter().all(|&k| k == 1), "{id}: a cell in no cage or in two");
        let total: u32 = cages.iter().map(|c| u32::from(c.sum)).sum();
        assert_eq!(total as usize, n * n * (n + 1) / 2, "{id}: the sums add up to the grid's");
    }
}

#[derive(Default)]
struct Tally {
    read: usize,
    round_trips: usize,
    unique: usize,
    engine_unique: usize,
    solo_z_quirk: usize,
}

#[test]
fn ids_made_by_solo_are_read_checked_solved_and_written_back() {
    let Some(bin) = common::sgt_solo() else { return };
    let classic = Variant { x: false, jigsaw: false, killer: false };
    let x = Variant { x: true, ..classic };
    let jigsaw = Variant { jigsaw: true, ..classic };
    let killer = Variant { killer: true, ..classic };
    // (kind, Solo's parameters at a few difficulties, IDs of each, their variant, their size)
    let kinds: [(&str, &[&str], usize, Variant, usize); 12] = [
        ("classic 2x2", &["2x2"], 10, classic, 4),
        ("classic 2x3", &["2x3", "2x3db", "2x3di"], 10, classic, 6),
        ("classic 3x2", &["3x2db"], 5, classic, 6),
        ("classic 3x3", &["3x3dt", "3x3db", "3x3di", "3x3da", "3x3de"], 10, classic, 9),
        ("classic 2x4, 3x4", &["2x4db", "3x4db"], 4, classic, 0),
        ("classic 4x4", &["4x4db"], 5, classic, 16),
        ("X 2x3", &["2x3xdb"], 5, x, 6),
        ("X 3x3", &["3x3xdb", "3x3xdi", "3x3xda"], 8, x, 9),
        ("jigsaw 6j", &["6jdb", "6jdi"], 8, jigsaw, 6),
        ("jigsaw 9j", &["9jdb", "9jda", "9jxdb"], 4, jigsaw, 9),
        ("killer 3x3k", &["3x3k", "3x3kdb", "3x3kdi", "2x3k"], 5, killer, 0),
        ("killer-x 3x3xk", &["3x3xk", "3x3xkdb"], 5, Variant { x: true, ..killer }, 9),
    ];
    let mut report = Vec::new();
    let mut total = Tally::default();
    for (kind, params, count, variant, size) in kinds {
        let mut t = Tally::default();
        let started = std::time::Instant::now();
        for &param in params {
            for id in common::solo_generate(&bin, count, param) {
                // Solo's writer counts a `z` of region or cage lines as 25, its reader as 26:
                // an ID of Solo's with a run that long reads differently in Solo too.
                let parts: Vec<&str> = id.split(',').collect();
                let z_in_lines = parts[1..parts.len() - usize::from(variant.killer)].iter().any(|part| part.contains('z'));
                let p = match SoloPuzzle::read(&id) {
                    Ok(p) => p,
                    Err(e) if z_in_lines => {
                        eprintln!("{id}: {e} (Solo's own z quirk)");
                        t.solo_z_quirk += 1;
                        continue;
                    }
                    Err(e) => panic!("{id}: {e}"),
                };
                t.read += 1;
                let want = Variant { x: variant.x || param.contains("jx"), ..variant };
                assert_eq!(p.variant(), want, "{id}");
                if size != 0 {
                    assert_eq!(p.size(), size, "{id}");
                }
                check_structure(&id, &p);
                if p.write() == id && SoloPuzzle::read(&p.write()).as_ref() == Ok(&p) {
                    t.round_trips += 1;
                } else {
                    assert!(z_in_lines, "{id}: written back as {}", p.write());
                    t.solo_z_quirk += 1;
                }
                // The classic ones Inkdoku plays: exactly one solution by the engine's solver.
                if let Ok(g) = p.classic_grid() {
                    assert_eq!(solver::count_solutions(&g, 2), 1, "{id}: the engine's solver");
                    assert!(matches!(p.regions(), Regions::Boxes { .. }));
                    t.engine_unique += 1;
                }
                // Exactly one solution, by a solver that knows nothing of the reader's checks
                // (too plain for 16x16, where the engine's answered).
                if p.size() < 16 {
                    let units = Units::of(&p);
                    let mut grid = p.givens().to_vec();
                    assert_eq!(units.count(&mut grid, 2), 1, "{id}: not exactly one solution");
                    t.unique += 1;
                }
            }
        }
        report.push(format!(
            "{kind:18} read {:3}  round trips {:3}  one solution {:3}  engine solver {:3}  Solo's z quirk {}  ({:.1} s)",
            t.read, t.round_trips, t.unique, t.engine_unique, t.solo_z_quirk, started.elapsed().as_secs_f64()
        ));
        total.read += t.read;
        total.round_trips += t.round_trips;
        total.solo_z_quirk += t.solo_z_quirk;
        assert!(t.read > 0, "{kind}: nothing read");
    }
    report.push(format!("{:18} read {:3}  round trips {:3}", "all", total.read, total.round_trips));
    eprintln!("{}", report.join("\n"));
    assert!(total.solo_z_quirk * 20 <= total.read, "Solo's z quirk is rare on grids up to 9x9");
}

/// The classic IDs Solo makes play in the `inkdoku` tool as a pasted one plays in the app:
/// `inkdoku solve` prints the one solution (the engine's).
#[test]
fn the_cli_solves_classic_ids_made_by_solo() {
    let Some(bin) = common::sgt_solo() else { return };
    let ids: Vec<String> = ["2x2", "2x3db", "3x3di", "4x4db"].iter().flat_map(|p| common::solo_generate(&bin, 3, p)).collect();
    let (code, out, err) = common::run_cli(&["solve", "-"], &(ids.join("\n") + "\n"));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), ids.len());
    for (id, line) in ids.iter().zip(lines) {
        let g = SoloPuzzle::read(id).unwrap().classic_grid().unwrap();
        assert_eq!(line, solver::solve(&g).unwrap().to_line(), "{id}");
    }
}
