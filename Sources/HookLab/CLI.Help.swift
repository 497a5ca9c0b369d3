// Help texts for `hooklab` and each command.

extension CLI {
    /// The help texts, printed by `--help` / `-h` everywhere.
    enum Help {
        static let commands = ["matrix", "gate", "run", "explain", "list", "bench", "design"]

        static let top = """
        hooklab: compatibility lab for iOS delegate proxies and hooking libraries, run on models.

        Usage: hooklab COMMAND [OPTIONS]

        Commands:
          matrix                      run every pair and triple; write Reports/compatibility-matrix.md and Reports/matrix.json
          gate [--participant ID]     compare every cell with Matrix/baseline.json (the CI gate)
          run FILE [--json]           run a .hooklab scenario file and print its findings
          explain HOST A B [--config debug|release]
                                      one cell in depth: what happens, reproducer, references, what fixes it
          list                        participants, hosts and their events
          bench [--workers N] [--vs-native]
                                      time the whole matrix; the model against a real runtime
          design HOST [--against P] [--observe SEL] [--write PATH]
                                      search the designs participant files allow for the most compatible one

        Exit codes: 0 ok, 1 findings or gate failure, 2 bad usage or bad input (nothing is written).
        Run 'hooklab COMMAND --help' for a command's details.

        """

        static let command: [String: String] = [
            "design": """
            Usage: hooklab design HOST [--against P]... [--observe SEL]... [--top N] [--id ID] [--write PATH [--force]]

            Enumerates the designs the participant-file primitives allow for an SDK that must observe the
            given events on HOST (default: its didSelect event): every delegate handling (wrap in an NSProxy
            or NSObject proxy with every target ownership, forwarding, respondsToSelector: answer, marker and
            keeper; method-swizzle the delegate's class; isa-subclass it; intercept at
            forwardingTargetForSelector:), reached by a +load exchange swizzle; then every other start, setter
            hook, original call and re-set for the best design of each mechanism. Runs each alone and against
            every participant on HOST (or the --against set; repeat it or use commas), in both orders and both
            configurations, and ranks: failing alone, then conflicting cells (fail together, pass apart), then
            severity, then simplicity. Prints the best N designs (default 3) with what each choice cost, the
            best of each mechanism and what broke it, the participants that defeat every design, and the
            winner as a participant file with id ID (default mysdk:design); --write PATH saves it (an existing
            file only with --force). Exit code 0.

            """,
            "matrix": """
            Usage: hooklab matrix

            Runs every ordered pair and triple of participants on every host they support, in debug and
            release, with every position of the app's delegate; shrinks each failing cell's worst scenario
            to a minimal reproducer; writes Reports/compatibility-matrix.md and Reports/matrix.json
            (atomically, byte-identical from run to run). Exit code 0.

            """,
            "gate": """
            Usage: hooklab gate [--participant ID]

            Runs the matrix and compares every cell's outcome with Matrix/baseline.json. A worse cell is a
            regression, a better one an improvement that must be re-recorded; either fails the gate (exit 1)
            with one diff per cell: host, order, configuration, old and new outcome, and the finding.

              --participant ID   only gate cells that involve this participant (an SDK release check)

            Environment: HOOKLAB_RECORD=missing (default: record a missing baseline or missing cells),
            all (re-record everything, keeping reasons of unchanged cells), never (CI: anything missing fails).
            A corrupt baseline is an error naming its line (exit 2); it is never overwritten.

            """,
            "run": """
            Usage: hooklab run FILE [--json]

            Runs one scenario file (Matrix/scenarios/*.hooklab): one step per line, '#' starts a comment.
              host NAME | config debug|release | load P | attach P | set-delegate NAME | fire SELECTOR
              release NAME | drain | teardown | expect KIND... | expect-ran LABEL... | FAMILY.VERB ARGS...
            Method-hook files (host CLASS -SEL or CLASS +SEL) declare and call instead:
              class NAME : SUPER [SEL ...] [calls-super] | object NAME CLASS | call OBJECT SEL
              aspects.hook CLASS|OBJECT SEL before|instead|after | aspects.remove N
              jspatch.override CLASS SEL [calls-orig|calls-super] | swizzle.exchange CLASS SEL [no-add]
              swizzle.imp CLASS SEL | xaspect.patch NAME CLASS SEL [no-forward] | rac.signal OBJECT SEL
              kvo.observe OBJECT KEY | kvo.remove OBJECT KEY      (+SEL: the class method, on the metaclass)
            Prints the findings with their steps and the message path.

              --json   print {"findings":[{"kind":…,"message":…,"step":…}],"ran":[…]} instead

            Exit code 0 when the findings are what the file's 'expect' lines say (no finding when there is
            none) and 'expect-ran' matches; 1 otherwise; 2 for an unreadable or invalid file.

            """,
            "explain": """
            Usage: hooklab explain HOST A B [C] [--config debug|release]

            Runs one cell (A installed first, then B) and explains it as the report's note does: what
            happens, the minimal reproducer, the message path, the references graph, the facts behind it,
            and what fixes it (the participants' variants and the other install orders, also run).

              --config debug|release   only this configuration (default: both)

            Exit code 0 when the cell passes, 1 when it fails.

            """,
            "list": """
            Usage: hooklab list

            Lists participants (id, family, what they model, installs, hosts, verbs), hosts (delegate
            ownership, events) and finding kinds.

            """,
            "bench": """
            Usage: hooklab bench [--workers N] [--vs-native]

            Times the whole pair and triple matrix (all hosts, both configurations, all delegate positions,
            reproducers included) and prints the wall time, scenarios per second and the mean cost of one
            scenario, then the model runtime's own figures (sends per second with and without the method
            cache, the cost of a runtime with 50 classes). Build with -c release for meaningful figures;
            the goal is under 3 s on 2 cores.

              --workers N   worker threads (default: the number of cores)
              --vs-native   also time Tests/OracleTests/bench/mini.m compiled with GCC + GNUstep (-O2)
                            against the same mini-scenario on the model, and print the ratio; needs
                            the packages gobjc, gnustep-make and libgnustep-base-dev

            """,
        ]
    }
}
