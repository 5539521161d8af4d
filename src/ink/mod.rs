//! Strokes and points, normalisation, the handwriting recogniser and gestures.
