//! The 9x9 exact solver: a band-oriented bitboard solver in the spirit of JCZSolve.
//!
//! For each digit the board is kept as three 27-bit bands (3 rows x 9 columns). Inside a band a
//! digit must take one cell per row and one per box, so the 9 row/box "segments" of a band must
//! admit a row->box permutation; a 512-entry table (`COMPLEX`) keeps exactly the segments that
//! take part in some permutation, which gives locked candidates and row/box hidden singles for
//! the price of three lookups. A row left with one cell is solved: its column leaves the two
//! other bands and its cell leaves the other digits. Naked singles come from bit-sliced counts,
//! hidden singles in columns from per-digit column counts, and the same matching on the three
//! stacks gives locked candidates along columns. Guesses go to a two-candidate cell (the one
//! with the most unsolved peers, whose guess propagates furthest), else a fewest-candidates cell.

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

/// For a 3x3 presence matrix (bit r*3+k: line r may use box k), the entries that take part in
/// some line->box permutation.
const fn make_match() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut s = 0u32;
    while s < 512 {
        let mut m = 0u32;
        let mut p = 0;
        while p < 6 {
            let q = PERMS[p];
            if (s >> q[0]) & 1 == 1 && (s >> (3 + q[1])) & 1 == 1 && (s >> (6 + q[2])) & 1 == 1 {
                m |= 1 << q[0] | 1 << (3 + q[1]) | 1 << (6 + q[2]);
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

static MATCH: [u32; 512] = make_match();
static POP9: [u8; 512] = make_pop9();
static SHRINK: [u32; 512] = make_shrink();
static COMPLEX: [u32; 512] = make_complex();

#[derive(Clone, Copy)]
struct State {
    /// Candidates of digit d in band b at index d*3+b.
    f: [u32; 27],
    /// Bands changed since they were last propagated (bit d*3+b).
    dirty: u32,
    /// Cells not yet solved, per band.
    unsolved: [u32; 3],
    /// Each digit's bands when its column logic last found nothing.
    checked: [u32; 27],
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
        let mut st = State { f: [0; 27], dirty: (1 << 27) - 1, unsolved, checked: [0; 27] };
        for d in 0..9 {
            let base = d * 3;
            let x = [g[base], g[base + 1], g[base + 2]];
            let colsb = x.map(|v| (v | v >> 9 | v >> 18) & 0x1FF);
            let cols = colsb[0] | colsb[1] | colsb[2];
            let total = x[0].count_ones() + x[1].count_ones() + x[2].count_ones();
            // A digit given twice in a row, box or column: fewer distinct lines than givens.
            let mut rows_n = 0;
            let mut boxes_n = 0;
            for b in 0..3 {
                let v = x[b];
                let rbits = ((v & 0x1FF) != 0) as u32 | (((v >> 9) & 0x1FF != 0) as u32) << 1 | ((v >> 18 != 0) as u32) << 2;
                let sbits = SHRINK[colsb[b] as usize];
                rows_n += rbits.count_ones();
                boxes_n += sbits.count_ones();
                let rows = (rbits & 1) * 0x1FF | ((rbits >> 1) & 1) * (0x1FF << 9) | (rbits >> 2) * (0x1FF << 18);
                let boxes = ((sbits & 1) * 7 | ((sbits >> 1) & 1) * (7 << 3) | (sbits >> 2) * (7 << 6)) * COLS3;
                let peers = rows | boxes | cols * COLS3;
                st.f[base + b] = (BAND & !all[b] & !peers) | v;
            }
            if rows_n != total || boxes_n != total || cols.count_ones() != total {
                return None;
            }
        }
        Some(st)
    }

    /// Band logic until nothing changes; false on a contradiction.
    #[inline]
    fn update(&mut self) -> bool {
        let mut dirty = self.dirty;
        self.dirty = 0;
        while dirty != 0 {
            let i = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let a0 = self.f[i];
            let (d, b) = (i / 3, i % 3);
            let shrink = SHRINK[(a0 & 0x1FF) as usize]
                | SHRINK[((a0 >> 9) & 0x1FF) as usize] << 3
                | SHRINK[(a0 >> 18) as usize] << 6;
            let a = a0 & COMPLEX[shrink as usize];
            if a == 0 {
                return false;
            }
            self.f[i] = a;
            let (r0, r1, r2) = (a & 0x1FF, (a >> 9) & 0x1FF, a >> 18);
            let mut solved = 0;
            if r0 & (r0.wrapping_sub(1)) == 0 {
                solved |= r0;
            }
            if r1 & (r1.wrapping_sub(1)) == 0 {
                solved |= r1 << 9;
            }
            if r2 & (r2.wrapping_sub(1)) == 0 {
                solved |= r2 << 18;
            }
            let newly = solved & self.unsolved[b];
            if newly != 0 {
                self.unsolved[b] &= !newly;
                // Branch-free: clear the cells from every digit, then give this digit its own back.
                for d2 in 0..9 {
                    let j = d2 * 3 + b;
                    let old = self.f[j];
                    let new = old & !newly;
                    self.f[j] = new;
                    dirty |= ((old != new) as u32) << j;
                }
                self.f[i] = a;
                let cols = (newly | newly >> 9 | newly >> 18) & 0x1FF;
                let cm = cols * COLS3;
                let base = d * 3;
                for b2 in 0..3 {
                    let j = base + b2;
                    let old = self.f[j];
                    let new = if b2 == b { old } else { old & !cm };
                    self.f[j] = new;
                    dirty |= ((old != new) as u32) << j;
                }
                dirty &= !(1 << i);
            }
        }
        true
    }

    #[inline]
    fn is_solved(&self) -> bool {
        (self.unsolved[0] | self.unsolved[1] | self.unsolved[2]) == 0
    }

    /// Places naked singles and column hidden singles. Ok(true) if anything was placed.
    #[inline]
    fn singles(&mut self) -> Result<bool, ()> {
        let mut any = false;
        for b in 0..3 {
            let u = self.unsolved[b];
            if u == 0 {
                continue;
            }
            let (mut ones, mut twos) = (0u32, 0u32);
            for d in 0..9 {
                let x = self.f[d * 3 + b];
                twos |= ones & x;
                ones |= x;
            }
            if u & !ones != 0 {
                return Err(());
            }
            let mut s = u & !twos;
            while s != 0 {
                let bit = s & s.wrapping_neg();
                s ^= bit;
                let row = 0x1FFu32 << (9 * (bit.trailing_zeros() / 9));
                for d in 0..9 {
                    if self.f[d * 3 + b] & bit != 0 {
                        self.f[d * 3 + b] &= !row | bit;
                        self.dirty |= 1 << (d * 3 + b);
                        break;
                    }
                }
                any = true;
            }
        }
        if any {
            return Ok(true);
        }
        // Per-digit logic on columns: hidden singles and the stack matching. It only depends on
        // the digit's own bands, so a digit unchanged since it last yielded nothing is skipped.
        for d in 0..9 {
            let base = d * 3;
            let a = [self.f[base], self.f[base + 1], self.f[base + 2]];
            if a == [self.checked[base], self.checked[base + 1], self.checked[base + 2]] {
                continue;
            }
            let mut changed = false;
            // Hidden singles in columns: a digit with one cell left in a column.
            let cp = a.map(|x| (x | x >> 9 | x >> 18) & 0x1FF);
            let (mut ones, mut twos) = (0u32, 0u32);
            for &x in &a {
                let (x0, x1, x2) = (x & 0x1FF, (x >> 9) & 0x1FF, x >> 18);
                let band_ones = x0 | x1 | x2;
                twos |= (x0 & x1) | (x0 & x2) | (x1 & x2) | (ones & band_ones);
                ones |= band_ones;
            }
            if ones != 0x1FF {
                return Err(());
            }
            let single_cols = ones & !twos;
            if single_cols != 0 {
                for (b, &x) in a.iter().enumerate() {
                    let mut hits = x & (single_cols * COLS3) & self.unsolved[b];
                    while hits != 0 {
                        let bit = hits & hits.wrapping_neg();
                        hits ^= bit;
                        let row = 0x1FFu32 << (9 * (bit.trailing_zeros() / 9));
                        self.f[base + b] &= !row | bit;
                        self.dirty |= 1 << (base + b);
                        changed = true;
                    }
                }
            }
            if !changed {
                // Stacks: the one-per-column, one-per-box matching, as bands do for rows.
                let mut keep = [0u32; 3];
                for s in 0..3 {
                    // Bit b*3+k: column k of the stack has a cell in band b. The matching is the
                    // same whichever side of the 3x3 matrix plays "line", so MATCH applies as is.
                    let sh = ((cp[0] >> (3 * s)) & 7) | ((cp[1] >> (3 * s)) & 7) << 3 | ((cp[2] >> (3 * s)) & 7) << 6;
                    let m = MATCH[sh as usize];
                    if m == 0 {
                        return Err(());
                    }
                    for (b, k) in keep.iter_mut().enumerate() {
                        *k |= ((m >> (3 * b)) & 7) << (3 * s);
                    }
                }
                for b in 0..3 {
                    let na = a[b] & (keep[b] * COLS3);
                    if na != a[b] {
                        self.f[base + b] = na;
                        self.dirty |= 1 << (base + b);
                        changed = true;
                    }
                }
            }
            if changed {
                any = true;
            } else {
                self.checked[base..base + 3].copy_from_slice(&a);
            }
        }
        Ok(any)
    }

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
                Ok(false) => return true,
                Ok(true) => {}
            }
        }
    }

    /// The cell to branch on: (band, bit). The two-candidate cell with the most unsolved
    /// peers if there is one (its guess propagates furthest), else a cell with fewest candidates.
    fn pick(&self) -> (usize, u32) {
        // With few cells left the search tree is small whatever the choice: the scoring below
        // costs more than it saves, so take the first two-candidate cell.
        if self.unsolved.iter().map(|u| u.count_ones()).sum::<u32>() <= FEW_LEFT {
            for b in 0..3 {
                let u = self.unsolved[b];
                let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
                for d in 0..9 {
                    let x = self.f[d * 3 + b];
                    threes |= twos & x;
                    twos |= ones & x;
                    ones |= x;
                }
                let biv = u & twos & !threes;
                if biv != 0 {
                    return (b, biv & biv.wrapping_neg());
                }
            }
        }
        // Unsolved cells per row, column and box, counted once. No popcnt on the baseline
        // x86-64 target, so 9-bit counts come from a table.
        let mut rowc = [0u32; 9];
        let mut colc = [0u32; 9];
        let mut boxc = [0u32; 9];
        // Per-column counts, bit-sliced: column c's count is bit c of c0 + 2*c1 + 4*c2 + 8*c3.
        let (mut c0, mut c1, mut c2, mut c3) = (0u32, 0u32, 0u32, 0u32);
        for b in 0..3 {
            let u = self.unsolved[b];
            let (x0, x1, x2) = (u & 0x1FF, (u >> 9) & 0x1FF, u >> 18);
            rowc[b * 3] = POP9[x0 as usize] as u32;
            rowc[b * 3 + 1] = POP9[x1 as usize] as u32;
            rowc[b * 3 + 2] = POP9[x2 as usize] as u32;
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
        let mut fallback = None;
        for b in 0..3 {
            let u = self.unsolved[b];
            if u == 0 {
                continue;
            }
            let (mut ones, mut twos, mut threes, mut fours) = (0u32, 0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.f[d * 3 + b];
                fours |= threes & x;
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
            let mut biv = u & twos & !threes;
            while biv != 0 {
                let bit = biv & biv.wrapping_neg();
                biv ^= bit;
                let t = (bit.trailing_zeros()) as usize;
                let (r, c) = (t / 9, t % 9);
                let score = rowc[b * 3 + r] + colc[c] + boxc[b * 3 + c / 3];
                if score > best_score {
                    best_score = score;
                    best = (b, bit);
                }
            }
            let tri = u & threes & !fours;
            if tri != 0 && fallback.is_none_or(|(_, _, k)| k > 3) {
                fallback = Some((b, tri & tri.wrapping_neg(), 3));
            } else if fallback.is_none() {
                let many = u & fours;
                fallback = Some((b, many & many.wrapping_neg(), 4));
            }
        }
        if best_score > 0 {
            return best;
        }
        fallback.map_or((0, 0), |(b, bit, _)| (b, bit))
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
    let row = 0x1FFu32 << (9 * (bit.trailing_zeros() / 9));
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
            st.f[d * 3 + b] &= !row | bit;
            st.dirty |= 1 << (d * 3 + b);
            search(st, limit, count, first);
        } else {
            let mut s2 = *st;
            s2.f[d * 3 + b] &= !row | bit;
            s2.dirty |= 1 << (d * 3 + b);
            search(&mut s2, limit, count, first);
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
