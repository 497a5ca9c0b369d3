// HookLab: see DESIGN.md.
//
// The lab's roles, with calls going one way (STYLE.md, after Jepsen):
// - Generation: `ScenarioGenerator` plans cells (`Matrix.Cell`) and their `Scenario`s; pure and ordered.
// - Execution and checking: a `ScenarioRunning` (from `LabCatalog.makeRunner()`) runs one scenario on
//   a fresh model runtime and returns its `Finding`s in a `RunResult`.
// - Shrinking: `Shrinker` reduces the worst scenario of a failing cell to a minimal reproducer.
// - Matrix: `Matrix.run` evaluates every cell in parallel, deterministically, and finds emergent triples.
// - Report: `Matrix.reportFiles` (Reports/README.md and its pages, Reports/matrix.json, Reports/matrix.svg);
//   `Matrix.markdown` is the whole report as one document, for tests and tools; `MatrixDiff` renders changed
//   cells (`hooklab diff`, the gate).
// - Gate: `Baseline` (Matrix/baseline.json) and `Gate`, with `RecordMode` from HOOKLAB_RECORD.
// - CLI: `CLI.main(arguments:)`, called by the `hooklab` executable.
