//! Sudoku: exact solver, human-technique solver, rating, hints and generator.
