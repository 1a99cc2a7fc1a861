"""What scripts/render-numbers renders: the recorded runs (recorded), how a
number is written (units), and one module for each part of a document."""
