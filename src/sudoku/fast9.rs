//! The 9x9 exact solver: a band-oriented bitboard solver in the spirit of JCZSolve.
//!
//! For each digit the board is kept as three 27-bit bands (3 rows x 9 columns). Inside a band a
//! digit must take one cell per row and one per box, so the 9 row/box "segments" of a band must
//! admit a row->box permutation; a 512-entry table (`COMPLEX`) keeps exactly the segments that
//! take part in some permutation, which gives locked candidates and row/box hidden singles for
//! the price of three lookups. A stack left with one possible column puts the digit in that
//! column, so the other two bands lose it; a row left with one cell is solved and its cell
//! leaves the other digits. Naked singles come from bit-sliced counts. Guesses go to a
//! two-candidate cell (early on the one with the most unsolved peers, whose guess propagates
//! furthest), else a fewest-candidates cell.
//!
//! What makes it fast is doing little per step: the 27 digit-band updates are written out with
//! constant indices, each runs only when its entry changed since its last run (`prev`), and its
//! stores are unconditional instead of tested.

/// See `State::pick`.
const FEW_LEFT: u32 = 40;
const BAND: u32 = 0x7FF_FFFF;
/// One bit per row of a band at column 0.
const COLS3: u32 = 1 | 1 << 9 | 1 << 18;

const fn make_shrink() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut s = 0;
        if x & 0o7 != 0 {
            s |= 1;
        }
        if x & 0o70 != 0 {
            s |= 2;
        }
        if x & 0o700 != 0 {
            s |= 4;
        }
        t[x] = s;
        x += 1;
    }
    t
}

const PERMS: [[u32; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

const fn make_complex() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut s = 0u32;
    while s < 512 {
        let mut m = 0u32;
        let mut p = 0;
        while p < 6 {
            let q = PERMS[p];
            if (s >> q[0]) & 1 == 1 && (s >> (3 + q[1])) & 1 == 1 && (s >> (6 + q[2])) & 1 == 1 {
                m |= 7 << (3 * q[0]) | 7 << (9 + 3 * q[1]) | 7 << (18 + 3 * q[2]);
            }
            p += 1;
        }
        t[s as usize] = m;
        s += 1;
    }
    t
}

const fn make_pop9() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    t
}

/// For a 9-bit row: all nine bits if exactly one is set (the row is solved), else 0.
const fn make_row1() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        if (x as u32).count_ones() == 1 {
            t[x] = 0x1FF;
        }
        x += 1;
    }
    t
}

/// For a band's possible columns (9 bits): the mask the other two bands keep. A stack with a
/// single possible column holds the digit in that column, so the other bands lose it.
const fn make_neighbor() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut x = 0u32;
    while x < 512 {
        let mut lost = 0u32;
        let mut s = 0;
        while s < 3 {
            let c = (x >> (3 * s)) & 7;
            if c.count_ones() == 1 {
                lost |= c << (3 * s);
            }
            s += 1;
        }
        t[x as usize] = BAND & !(lost * COLS3);
        x += 1;
    }
    t
}

/// For a cell of a band (0..27): the band's cells its digit keeps when placed there (the cell
/// itself, and whatever is outside its row and box).
const fn make_place() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let row = 0x1FF << (9 * (i / 9));
        let boxm = (7 << (3 * ((i % 9) / 3))) * COLS3;
        t[i] = (BAND & !(row | boxm)) | 1 << i;
        i += 1;
    }
    t
}

/// For 3 bits (rows of a band, or boxes of a band): those rows' cells and those boxes' cells.
const fn make_spread() -> [(u32, u32); 8] {
    let mut t = [(0u32, 0u32); 8];
    let mut x = 0;
    while x < 8 {
        let mut k = 0;
        while k < 3 {
            if (x >> k) & 1 == 1 {
                t[x].0 |= 0x1FF << (9 * k);
                t[x].1 |= (7 << (3 * k)) * COLS3;
            }
            k += 1;
        }
        x += 1;
    }
    t
}

static SPREAD: [(u32, u32); 8] = make_spread();
static POP9: [u8; 512] = make_pop9();
static SHRINK: [u32; 512] = make_shrink();
static COMPLEX: [u32; 512] = make_complex();
static ROW1: [u32; 512] = make_row1();
static NEIGHBOR: [u32; 512] = make_neighbor();
static PLACE: [u32; 27] = make_place();

/// Bits set in a band mask (27 bits).
#[inline]
fn pop27(x: u32) -> u32 {
    POP9[(x & 0x1FF) as usize] as u32 + POP9[((x >> 9) & 0x1FF) as usize] as u32 + POP9[(x >> 18) as usize] as u32
}

#[derive(Clone, Copy)]
struct State {
    /// Candidates of digit d in band b at index d*3+b.
    f: [u32; 27],
    /// `f` as it was when each entry was last propagated; an entry that differs needs work.
    prev: [u32; 27],
    /// Cells not yet solved, per band.
    unsolved: [u32; 3],
    /// Unsolved cells with exactly two candidates, per band, as of the last `singles`.
    pairs: [u32; 3],
}

/// Calls `$m!(i)` for every digit-band index, written out so each call sees a constant.
macro_rules! each_index {
    ($m:ident) => {
        $m!(0); $m!(1); $m!(2); $m!(3); $m!(4); $m!(5); $m!(6); $m!(7); $m!(8);
        $m!(9); $m!(10); $m!(11); $m!(12); $m!(13); $m!(14); $m!(15); $m!(16); $m!(17);
        $m!(18); $m!(19); $m!(20); $m!(21); $m!(22); $m!(23); $m!(24); $m!(25); $m!(26);
    };
}

impl State {
    fn new(values: &[u8]) -> Option<State> {
        // Givens per digit and band, then every digit loses the given cells but its own, and
        // its own givens' rows, boxes and columns.
        // Branch-free: blanks land in slots 0..3, so no per-cell test to mispredict.
        let mut gz = [0u32; 30];
        for (b, band) in values.chunks_exact(27).enumerate() {
            for (t, &v) in band.iter().enumerate() {
                gz[v as usize * 3 + b] |= 1 << t;
            }
        }
        let all = [BAND & !gz[0], BAND & !gz[1], BAND & !gz[2]];
        let g = &gz[3..];
        // Givens are placed outright here (their cells leave the other digits, their lines and
        // boxes leave their digit), so they start solved and `update` never redoes that work.
        let unsolved = [BAND & !all[0], BAND & !all[1], BAND & !all[2]];
        let mut st = State { f: [0; 27], prev: [0; 27], unsolved, pairs: [0; 3] };
        for d in 0..9 {
            let base = d * 3;
            let x = [g[base], g[base + 1], g[base + 2]];
            let colsb = x.map(|v| (v | v >> 9 | v >> 18) & 0x1FF);
            let cols = colsb[0] | colsb[1] | colsb[2];
            let total = pop27(x[0]) + pop27(x[1]) + pop27(x[2]);
            // A digit given twice in a row, box or column: fewer distinct lines than givens.
            let mut rows_n = 0;
            let mut boxes_n = 0;
            for b in 0..3 {
                let v = x[b];
                let rbits = ((v & 0x1FF) != 0) as u32 | (((v >> 9) & 0x1FF != 0) as u32) << 1 | ((v >> 18 != 0) as u32) << 2;
                let sbits = SHRINK[colsb[b] as usize];
                rows_n += POP9[rbits as usize] as u32;
                boxes_n += POP9[sbits as usize] as u32;
                let peers = SPREAD[rbits as usize].0 | SPREAD[sbits as usize].1 | (cols * COLS3);
                st.f[base + b] = (BAND & !all[b] & !peers) | v;
            }
            if rows_n != total || boxes_n != total || POP9[cols as usize] as u32 != total {
                return None;
            }
        }
        Some(st)
    }

    /// Band logic on digit-band `i` (digit i/3, band i%3); false on a contradiction.
    ///
    /// Inside the band: only segments that take part in a row->box matching stay (locked
    /// candidates, row and box hidden singles). Across bands: a stack left with one possible
    /// column puts the digit in that column, so the other two bands lose it. A row left with one
    /// cell is solved, and that cell leaves every other digit. Stores are unconditional: cheaper
    /// than testing, and `prev` tells the caller what changed.
    #[inline(always)]
    fn band(&mut self, i: usize) -> bool {
        let a0 = self.f[i];
        let sh = SHRINK[(a0 & 0x1FF) as usize]
            | SHRINK[((a0 >> 9) & 0x1FF) as usize] << 3
            | SHRINK[(a0 >> 18) as usize] << 6;
        let a = a0 & COMPLEX[sh as usize];
        if a == 0 {
            return false;
        }
        let (d, b) = (i / 3, i % 3);
        let keep = NEIGHBOR[((a | a >> 9 | a >> 18) & 0x1FF) as usize];
        self.f[d * 3 + (b + 1) % 3] &= keep;
        self.f[d * 3 + (b + 2) % 3] &= keep;
        let solved = a
            & (ROW1[(a & 0x1FF) as usize] | ROW1[((a >> 9) & 0x1FF) as usize] << 9 | ROW1[(a >> 18) as usize] << 18);
        self.unsolved[b] &= !solved;
        for d2 in 0..9 {
            self.f[d2 * 3 + b] &= !solved;
        }
        self.f[i] = a;
        self.prev[i] = a;
        true
    }

    /// Band logic until nothing changes; false on a contradiction.
    #[inline]
    fn update(&mut self) -> bool {
        loop {
            let mut any = false;
            macro_rules! step {
                ($i:expr) => {
                    if self.f[$i] != self.prev[$i] {
                        any = true;
                        if !self.band($i) {
                            return false;
                        }
                    }
                };
            }
            each_index!(step);
            if !any {
                return true;
            }
        }
    }

    #[inline]
    fn is_solved(&self) -> bool {
        (self.unsolved[0] | self.unsolved[1] | self.unsolved[2]) == 0
    }

    /// Places naked singles (Ok(true) if any) and notes the two-candidate cells.
    #[inline]
    fn singles(&mut self) -> Result<bool, ()> {
        let mut any = false;
        for b in 0..3 {
            let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.f[d * 3 + b];
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
            if ones != BAND {
                return Err(());
            }
            self.pairs[b] = twos & !threes;
            let mut s = !twos & self.unsolved[b];
            while s != 0 {
                let bit = s & s.wrapping_neg();
                s ^= bit;
                let t = bit.trailing_zeros() as usize;
                let mut placed = false;
                for d in 0..9 {
                    if self.f[d * 3 + b] & bit != 0 {
                        self.f[d * 3 + b] &= PLACE[t];
                        placed = true;
                        break;
                    }
                }
                if !placed {
                    // An earlier single of this pass took the cell's last candidate.
                    return Err(());
                }
                any = true;
            }
        }
        Ok(any)
    }

    /// Band logic and naked singles until neither finds more; false on a contradiction.
    /// (Hidden singles in columns, stack matching and minirow triads were tried here: they cut
    /// the search by up to a fifth on the hardest sets but cost more than they saved; see
    /// docs/benchmarks.md.)
    #[inline]
    fn propagate(&mut self) -> bool {
        loop {
            if !self.update() {
                return false;
            }
            if self.is_solved() {
                return true;
            }
            match self.singles() {
                Err(()) => return false,
                Ok(true) => {}
                Ok(false) => return true,
            }
        }
    }

    /// The cell to branch on: (band, bit). The two-candidate cell with the most unsolved
    /// peers if there is one (its guess propagates furthest), else a cell with fewest candidates.
    /// Called right after `singles` found nothing, so `pairs` is current.
    fn pick(&self) -> (usize, u32) {
        let pairs = self.pairs;
        if pairs == [0; 3] {
            return self.fewest();
        }
        // Unsolved cells per row (no popcnt on the baseline x86-64 target: 9-bit counts from a
        // table); their sum is the number of open cells.
        let mut rowc = [0u32; 9];
        for (r, rc) in rowc.iter_mut().enumerate() {
            *rc = POP9[((self.unsolved[r / 3] >> (9 * (r % 3))) & 0x1FF) as usize] as u32;
        }
        // With few cells left the search tree is small whatever the choice: scoring costs more
        // than it saves, so take the first two-candidate cell.
        if rowc.iter().sum::<u32>() <= FEW_LEFT {
            let b = if pairs[0] != 0 { 0 } else if pairs[1] != 0 { 1 } else { 2 };
            return (b, pairs[b] & pairs[b].wrapping_neg());
        }
        // Unsolved cells per column and box, counted once.
        let mut colc = [0u32; 9];
        let mut boxc = [0u32; 9];
        // Per-column counts, bit-sliced: column c's count is bit c of c0 + 2*c1 + 4*c2 + 8*c3.
        let (mut c0, mut c1, mut c2, mut c3) = (0u32, 0u32, 0u32, 0u32);
        for b in 0..3 {
            let u = self.unsolved[b];
            let (x0, x1, x2) = (u & 0x1FF, (u >> 9) & 0x1FF, u >> 18);
            for k in 0..3 {
                let f = (x0 >> (3 * k)) & 7 | ((x1 >> (3 * k)) & 7) << 3 | ((x2 >> (3 * k)) & 7) << 6;
                boxc[b * 3 + k] = POP9[f as usize] as u32;
            }
            // Add the band's per-column count (0..=3, as bits s0 + 2*s1) to the running sum.
            let s0 = x0 ^ x1 ^ x2;
            let s1 = (x0 & x1) | (x0 & x2) | (x1 & x2);
            let k0 = c0 & s0;
            c0 ^= s0;
            let t1 = c1 ^ s1;
            let k1 = (c1 & s1) | (t1 & k0);
            c1 = t1 ^ k0;
            let k2 = c2 & k1;
            c2 ^= k1;
            c3 |= k2;
        }
        for (c, cc) in colc.iter_mut().enumerate() {
            *cc = (c0 >> c) & 1 | ((c1 >> c) & 1) << 1 | ((c2 >> c) & 1) << 2 | ((c3 >> c) & 1) << 3;
        }
        let mut best = (0usize, 0u32);
        let mut best_score = 0u32;
        for (b, &p) in pairs.iter().enumerate() {
            let mut biv = p;
            while biv != 0 {
                let bit = biv & biv.wrapping_neg();
                biv ^= bit;
                let t = bit.trailing_zeros() as usize;
                let (r, c) = (t / 9, t % 9);
                let score = rowc[b * 3 + r] + colc[c] + boxc[b * 3 + c / 3];
                if score > best_score {
                    best_score = score;
                    best = (b, bit);
                }
            }
        }
        best
    }

    /// No two-candidate cell (rare): the first cell with three candidates, else one with more.
    #[cold]
    fn fewest(&self) -> (usize, u32) {
        let mut fallback = (0usize, 0u32);
        for b in 0..3 {
            let u = self.unsolved[b];
            let (mut ones, mut twos, mut threes, mut fours) = (0u32, 0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.f[d * 3 + b];
                fours |= threes & x;
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
            let tri = u & threes & !fours;
            if tri != 0 {
                return (b, tri & tri.wrapping_neg());
            }
            let many = u & fours;
            if fallback.1 == 0 && many != 0 {
                fallback = (b, many & many.wrapping_neg());
            }
        }
        fallback
    }

    fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut a = self.f[d * 3 + b];
                while a != 0 {
                    let t = a.trailing_zeros() as usize;
                    a &= a - 1;
                    out[27 * b + t] = d as u8 + 1;
                }
            }
        }
        out
    }
}

fn search(st: &mut State, limit: usize, count: &mut usize, first: &mut Option<[u8; 81]>) {
    if !st.propagate() {
        return;
    }
    if st.is_solved() {
        *count += 1;
        if first.is_none() {
            *first = Some(st.values());
        }
        return;
    }
    let (b, bit) = st.pick();
    if bit == 0 {
        return;
    }
    let place = PLACE[bit.trailing_zeros() as usize];
    let mut digits = 0u32;
    for d in 0..9 {
        if st.f[d * 3 + b] & bit != 0 {
            digits |= 1 << d;
        }
    }
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        if *count >= limit {
            return;
        }
        if digits == 0 {
            st.f[d * 3 + b] &= place;
            search(st, limit, count, first);
        } else {
            let mut s2 = *st;
            s2.f[d * 3 + b] &= place;
            search(&mut s2, limit, count, first);
            // Every solution with d here has been seen.
            st.f[d * 3 + b] &= !bit;
        }
    }
}

/// Counts solutions of a 9x9 board (values 0..=9, 81 of them) up to `limit`, with the first one.
pub(crate) fn count(values: &[u8], limit: usize) -> (usize, Option<[u8; 81]>) {
    count_impl(values, limit, true)
}

/// Counts only (the first solution is not copied out).
pub(crate) fn count_only(values: &[u8], limit: usize) -> usize {
    count_impl(values, limit, false).0
}

#[inline]
fn count_impl(values: &[u8], limit: usize, keep_first: bool) -> (usize, Option<[u8; 81]>) {
    if values.len() != 81 || limit == 0 {
        return (0, None);
    }
    let Some(mut st) = State::new(values) else { return (0, None) };
    let mut n = 0;
    // With `keep_first` false the slot starts filled, so `search` never writes it.
    let mut first = if keep_first { None } else { Some([0u8; 81]) };
    search(&mut st, limit, &mut n, &mut first);
    (n, if keep_first { first } else { None })
}


#[cfg(test)]
mod tests {
    use super::super::fast9_ref;

    /// 100,000 puzzles from the shared sets (read in place, never copied into the repository):
    /// every set in full or in part (the hardest only in part, to keep `cargo test` quick), and
    /// serg's, whose puzzles have 2+ solutions (so "stop at the second" is compared too).
    fn puzzles() -> Vec<[u8; 81]> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/sudoku");
        let sets = [
            ("17_clue", 49_158),
            ("magictour_top1465", 1_465),
            ("forum_hardest_1106", 375),
            ("serg_benchmark", 10_000),
            ("forum_hardest_1905_11plus", 1_000),
            ("sudoku_exchange_diabolical", 38_002),
        ];
        let mut out = Vec::new();
        for (set, n) in sets {
            let path = format!("{dir}/{set}.txt");
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            for line in text.lines().filter(|l| l.len() == 81).take(n) {
                let mut v = [0u8; 81];
                for (c, ch) in v.iter_mut().zip(line.bytes()) {
                    *c = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
                }
                out.push(v);
            }
        }
        out
    }

    /// Compares, for every puzzle: `count` at limits 1 and 2 (the count *and* the first solution,
    /// also on puzzles with several solutions: the search order is the e92aa49 one, so the first
    /// solution found is the same), and `count_only` at limit 2.
    #[test]
    fn same_answers_as_the_e92aa49_solver_on_100k_puzzles() {
        let all = puzzles();
        assert_eq!(all.len(), 100_000);
        for (k, p) in all.iter().enumerate() {
            for limit in [1, 2] {
                assert_eq!(super::count(p, limit), fast9_ref::count(p, limit), "puzzle {k} limit {limit}");
            }
            assert_eq!(super::count_only(p, 2), fast9_ref::count_only(p, 2), "puzzle {k}");
        }
    }
}
