//! Inkdoku desktop shell (work in progress).
