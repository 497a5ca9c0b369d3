// HookLab: the lab without its command line (that is the HookLabCLI module). See Sources/README.md, "Layout".
//
// The lab's roles, one folder each, with calls going one way (STYLE.md, after Jepsen):
// - Scenario/: the scenario language (`Scenario`, `Scenario.Step`), parsing and validation of scenario files.
// - Participants/: what can be installed: built-in participants, participant files, method targets, the catalog.
// - Generator/: `ScenarioGenerator` plans cells (`Matrix.Cell`) and their `Scenario`s; pure and ordered.
// - Runner/: a `ScenarioRunning` (from `LabCatalog.makeRunner()`) runs one scenario on a fresh model runtime
//   (`World`, `MethodHookWorld`) and returns what happened in a `RunResult`.
// - Checker/: detectors judge a finished run (`Finding`, `Outcome`, `ReferenceGraph`); `Shrinker` reduces the
//   worst scenario of a failing cell to a minimal reproducer.
// - Matrix/: `Matrix.run` evaluates every cell in parallel, deterministically; verdicts, evidence, shards.
// - Report/: `Matrix.reportFiles` (Reports/README.md and its pages, matrix.json, matrix.svg) and `MatrixDiff`;
//   renderers only.
// - Gate/: `Baseline` (Matrix/baseline/, one file per host, or an SDK's Matrix/baseline.json) and `Gate`, with `RecordMode` from HOOKLAB_RECORD.
// - Advisor/: `Advisor` (`hooklab advise`), `DesignSearch` (`hooklab design`), `DesignObservation`.
