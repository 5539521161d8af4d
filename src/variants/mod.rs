//! Sudoku's variants (issue 42): Sudoku X, Jigsaw and Killer (and Killer X). A variant is a
//! classic board with other rules, so it shares Sudoku's parts rather than copying them: the
//! board's units ([`Geometry::variant`]), the human techniques and rating
//! (`sudoku::human::*_in`), the exact solver for any geometry (`sudoku::exact`) and Solo's game
//! IDs (`sudoku::solo`, which these puzzles are read from and written to). This folder holds
//! what is only the variants': their rules ([`Rules`]), a jigsaw's regions ([`regions`]), a
//! Killer's cages ([`cages`]), the generator ([`generator`]), the instant collection
//! ([`bank`]) and the three kinds of game ([`def`]).

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::grid::{Cage, Geometry, Grid, Shape};
use crate::sudoku::solo::{Regions, SoloPuzzle};

pub mod bank;
pub mod cages;
pub mod def;
pub mod entry;
pub mod generator;
pub mod regions;
/// Its test hooks (`testkit::TestHooks`): a sample game and random moves.
#[cfg(any(test, feature = "testkit"))]
mod testkit;

/// The variants Inkdoku makes and plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    X,
    Jigsaw,
    Killer,
    KillerX,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::X, Kind::Jigsaw, Kind::Killer, Kind::KillerX];

    /// Its name on the command line and in saves (`killer-x`).
    pub fn id(self) -> &'static str {
        match self {
            Kind::X => "x",
            Kind::Jigsaw => "jigsaw",
            Kind::Killer => "killer",
            Kind::KillerX => "killer-x",
        }
    }

    pub fn from_id(id: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The board sides it comes in.
    pub fn sizes(self) -> &'static [u8] {
        match self {
            Kind::X | Kind::Jigsaw => &[6, 9],
            Kind::Killer | Kind::KillerX => &[9],
        }
    }

    pub fn is_killer(self) -> bool {
        matches!(self, Kind::Killer | Kind::KillerX)
    }

    pub fn has_diagonals(self) -> bool {
        matches!(self, Kind::X | Kind::KillerX)
    }
}

/// Why a puzzle is no variant Inkdoku plays.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    #[error("a {size}x{size} board is not one Inkdoku plays (4x4, 6x6, 9x9 or 16x16)")]
    Size { size: usize },
    #[error("its boxes ({rows} rows by {cols} columns) are not Inkdoku's boxes for that size")]
    Boxes { rows: usize, cols: usize },
    #[error("its regions, diagonals or cages do not fit a {size}x{size} board")]
    Parts { size: usize },
    #[error("it is a classic Sudoku, not a variant")]
    Classic,
    #[error("it has too few givens for Inkdoku to check that it has one solution")]
    TooOpen,
}

/// A variant's rules: the board, its regions (a shape's boxes, or a jigsaw's), the diagonals
/// and the Killer cages. With the givens, a [`Puzzle`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    shape: Shape,
    region_of: Vec<u8>,
    /// The rest of the parts (whether the regions are a jigsaw's, the diagonals, the cages)
    /// are kept by the geometry the solvers read, once.
    geo: Arc<Geometry>,
}

impl Rules {
    /// Rules from their parts, checked (every region n cells, cages apart).
    pub fn new(shape: Shape, region_of: Vec<u8>, jigsaw: bool, x: bool, cages: Vec<Cage>) -> Result<Rules, RulesError> {
        let n = shape.n();
        let geo = Geometry::variant(n, &region_of, jigsaw, x, cages).ok_or(RulesError::Parts { size: n })?;
        Ok(Rules { shape, region_of, geo: Arc::new(geo) })
    }

    /// The rules of a shape's boxes, with the diagonals if `x` and no cages: made once per
    /// shape and kept (a generator starts each try from them, and building a geometry
    /// allocates a few hundred vectors).
    pub fn plain(shape: Shape, x: bool) -> Option<Rules> {
        static KEPT: [OnceLock<Option<Rules>>; 8] = [const { OnceLock::new() }; 8];
        let k = Shape::ALL.iter().position(|&s| s == shape)?;
        KEPT[k * 2 + usize::from(x)].get_or_init(|| Rules::new(shape, Rules::boxes(shape), false, x, Vec::new()).ok()).clone()
    }

    /// A shape's boxes, numbered row by row.
    pub fn boxes(shape: Shape) -> Vec<u8> {
        let n = shape.n();
        (0..n * n).map(|i| shape.box_of(i / n, i % n) as u8).collect()
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geo
    }

    /// Each cell's region (box or jigsaw piece), row-major.
    pub fn region_of(&self) -> &[u8] {
        &self.region_of
    }

    pub fn is_jigsaw(&self) -> bool {
        self.geo.jigsaw
    }

    pub fn is_x(&self) -> bool {
        self.geo.has_diagonals()
    }

    pub fn cages(&self) -> &[Cage] {
        &self.geo.cages
    }

    /// Which variant it is (a Killer on a jigsaw is read but not one of the four made here:
    /// it counts as a Killer).
    pub fn kind(&self) -> Result<Kind, RulesError> {
        match (!self.cages().is_empty(), self.is_jigsaw(), self.is_x()) {
            (true, _, false) => Ok(Kind::Killer),
            (true, _, true) => Ok(Kind::KillerX),
            (false, true, _) => Ok(Kind::Jigsaw),
            (false, false, true) => Ok(Kind::X),
            (false, false, false) => Err(RulesError::Classic),
        }
    }
}

/// The search a puzzle brought from outside may cost before it is refused as too open to check
/// (about half a second on the 2-core test machine); Solo's hardest Killers and jigsaws need
/// under a twentieth of it (tests/variants.rs).
pub const CHECK_NODES: usize = 200_000;

/// A variant puzzle: its rules and givens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub rules: Rules,
    pub givens: Grid,
}

impl Puzzle {
    /// A puzzle read from a Solo game ID's neutral value: a variant on one of Inkdoku's boards.
    pub fn from_solo(p: &SoloPuzzle) -> Result<Puzzle, RulesError> {
        let size = p.size();
        let shape = Shape::from_size(size).ok_or(RulesError::Size { size })?;
        if let Regions::Boxes { rows, cols } = *p.regions() {
            if rows != shape.box_rows as usize || cols != shape.box_cols as usize {
                return Err(RulesError::Boxes { rows, cols });
            }
        }
        let jigsaw = matches!(p.regions(), Regions::Jigsaw(_));
        let rules = Rules::new(shape, p.region_map(), jigsaw, p.is_x(), p.cages().map(<[Cage]>::to_vec).unwrap_or_default())?;
        rules.kind()?;
        let givens = Grid::from_values(shape, p.givens().to_vec()).ok_or(RulesError::Size { size })?;
        Ok(Puzzle { rules, givens })
    }

    /// Its Solo game ID's neutral value (refused for what an ID can't carry: a 1-cell cage).
    pub fn to_solo(&self) -> Result<SoloPuzzle, crate::sudoku::solo::SoloError> {
        let r = &self.rules;
        let regions = if r.is_jigsaw() {
            Regions::Jigsaw(r.region_of.clone())
        } else {
            Regions::Boxes { rows: r.shape.box_rows as usize, cols: r.shape.box_cols as usize }
        };
        let cages = (!r.cages().is_empty()).then(|| r.cages().to_vec());
        SoloPuzzle::new(r.shape.n(), regions, r.is_x(), self.givens.values().to_vec(), cages)
    }

    /// Its Solo game ID (see [`Puzzle::to_solo`]).
    pub fn solo_id(&self) -> Result<String, crate::sudoku::solo::SoloError> {
        self.to_solo().map(|p| p.write())
    }

    /// Read from a Solo game ID.
    pub fn read_solo(id: &str) -> Result<Puzzle, ReadError> {
        Ok(Puzzle::from_solo(&SoloPuzzle::read(id)?)?)
    }

    /// Up to two solutions (a second says the puzzle is not unique, and where), within
    /// [`CHECK_NODES`] of search (`gave_up` past them).
    pub fn solutions(&self) -> crate::sudoku::exact::Found {
        crate::sudoku::exact::solutions_within(self.rules.geometry(), self.givens.values(), 2, CHECK_NODES)
    }

    /// The one solution, if there is exactly one.
    pub fn unique_solution(&self) -> Option<Grid> {
        let f = self.solutions();
        (f.count == 1).then_some(f.first).flatten().and_then(|v| Grid::from_values(self.givens.shape(), v))
    }

    /// Its rating by the human techniques.
    pub fn rate(&self) -> Result<crate::sudoku::human::Rating, crate::sudoku::human::HumanError> {
        crate::sudoku::human::rate_in(&self.givens, self.rules.geometry())
    }
}

/// Why a text is no variant puzzle to play.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReadError {
    #[error(transparent)]
    Solo(#[from] crate::sudoku::solo::SoloError),
    #[error(transparent)]
    Rules(#[from] RulesError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solo_ids_of_each_variant_read_and_write_back() {
        // Made by `sgt-solo --generate 1 PARAMS` (Debian's sgt-puzzles 20230122).
        let ids = [
            (Kind::X, "3x3x:a6b3a5c2c5b7_5a8c2b1b3d4b6c3b4d6b9b7c1a6_2b4c9c1a9b3a"),
            (Kind::Jigsaw, "9j:3c5_7c2c3a5a9a7_4d1a4_9a3g6c9g8a2_5a8d3_9a1a3a2c8c7_8c3,aeaaa__abdbaab_g_b_ebagg_ebaba_abaaab_aaa_aaba_b_b_cbb"),
            (Kind::Killer, "3x3k:zzzc,aaaaaaa__a__a__a____aa_aa__aaa____baa__aaa_aaa__aaa__a_b_b_b_a___a__a_____a_____a___a_a_aaaaaa_,10a8a11a10a9_14a9a11a11_10a10a13_3_17c9_17c17a8g13a9_11_9_13a17a6d23_17_15b19a15c21_7i8a5a"),
            (Kind::KillerX, "3x3xk:zzzc,__ab___a_a______a_a_____________a___a_a______a______baa_c_aaabaa_aaa_aaaaaa_a___a_a___aaba____aa_____,17_5_10a11b13_11b23a7_8d21_4b7a7_11c8_15_13_15b16a13d5b6a10_5a14_15a9a11a12_4a15b16a11b8_5e16b8a"),
            (Kind::X, "2x3x:c5h2a5b1_4b3a5h1c"),
            (Kind::Jigsaw, "6j:2g4a3d4_2b5_6d6a5g6,_c_ada__bb_bfb_c_____b__ada"),
        ];
        for (kind, id) in ids {
            let p = Puzzle::read_solo(id).unwrap();
            assert_eq!(p.rules.kind(), Ok(kind), "{id}");
            assert_eq!(p.solo_id().as_deref(), Ok(id));
            let sol = p.unique_solution().unwrap_or_else(|| panic!("{id}: not unique"));
            assert!(sol.agrees_with(&p.givens));
        }
        assert_eq!(Puzzle::read_solo("3x3:b6_4e1_9j6_9a8a1a6b3b5_2a5b1b3a7_1b8b9a6a9a5_8j2_6e9_5b"), Err(RulesError::Classic.into()));
    }
}
