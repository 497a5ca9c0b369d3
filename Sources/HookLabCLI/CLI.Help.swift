// Help texts for `hooklab` and each command.
import HookLab

extension CLI {
    /// The help texts, printed by `--help` / `-h` everywhere.
    enum Help {
        static let commands = ["matrix", "gate", "run", "explain", "advise", "list", "bench", "merge", "diff", "design", "scan", "audit"]

        static let top = """
        hooklab: compatibility lab for iOS delegate proxies and hooking libraries, run on models.

        Usage: hooklab COMMAND [OPTIONS]
               hooklab --version | help COMMAND

        Commands:
          matrix [--shard I/N]        run every library alone, pair and triple; write Reports/README.md, its pages and Reports/matrix.json
          gate [--participant ID]     compare every cell with Matrix/baseline/ or Matrix/baseline.json (the CI gate; --junit, --github, --json)
          run FILE... [--json]        run .hooklab scenario files and print their findings
          explain HOST A B [--config debug|release] [--json]
                                      one cell in depth: what happens, reproducer, references, what fixes it
          advise HOST P1 [P2 …] [--config debug|release] [--json]
                                      your own SDK set (2-6) in every order: what passes, why the rest fails, what fixes it
          list [--json]               participants, hosts and their events
          bench [--workers N] [--repeat N] [--host HOST] [--vs-native]
                                      time the whole matrix; the model against a real runtime
          merge SHARD.json...         combine the shards of 'matrix --shard I/N' into the reports
          diff [--all] OLD.json NEW.json
                                      the cells that changed between two matrix.json files, as Markdown
          design HOST [--against P] [--observe SEL] [--write PATH]
                                      search the designs participant files allow for the most compatible one
          scan [PATH...] [--json] [--sarif FILE] [--github] [--junit FILE]
                                      read an app's Podfile.lock, Package.resolved, Cartfile.resolved: which SDKs fight, what to change
          audit ID                    what one participant's model rests on, and the failing cells each of its facts decides

        Every command takes --opt=value as well as --opt value, '--' to end options, -q (quiet) and -v (verbose).
        Paths: Reports/ and Matrix/ are found upward from the current directory (a directory with Package.swift
        or Matrix/); outside a package, pass --baseline PATH / --reports DIR.
        Exit codes: 0 ok, 1 findings or gate failure, 2 bad usage or bad input (nothing is written).
        Run 'hooklab COMMAND --help' for a command's details.

        """

        static let command: [String: String] = [
            "audit": """
            Usage: hooklab audit ID

            The page to read when an SDK ships a release: for participant ID, the sources it follows, the
            packages it maps, what it requires, and every mechanism fact its participant file's lines select,
            with the source the file gives for it. Every cell ID is in (alone, in pairs and, unless it is a
            version line or a setting, in triples, on its hosts, debug and release) is run, and each fact is
            followed by the failing cells whose failing path noted it: the cells that change if the SDK's code
            changes there. A library modeled in Swift lists the facts its failing paths noted instead.

            Exit code 0; 2 for an unknown participant.

            """,
            "design": """
            Usage: hooklab design HOST [--against P]... [--observe SEL]... [--top N] [--id ID] [--write PATH [--force]]

            Enumerates the designs the participant-file primitives allow for an SDK that must observe the
            given events on HOST (default: its didSelect event): every delegate handling (wrap in an NSProxy
            or NSObject proxy with every target ownership, forwarding, respondsToSelector: answer, marker and
            keeper; method-swizzle the delegate's class; isa-subclass it; intercept at
            forwardingTargetForSelector:), reached by a +load exchange swizzle; then every other start, setter
            hook, original call and re-set for the best design of each mechanism. Runs each alone and against
            every participant on HOST (or the --against set; repeat it or use commas), in both orders and both
            configurations, and ranks: failing alone (beyond what the app alone does), then conflicting cells
            (a finding neither library has alone, the matrix's own verdict), then severity, then simplicity. Prints the best N designs (default 3) with what each choice cost, the
            best of each mechanism and what broke it, the participants that defeat every design, and the
            winner as a participant file with id ID (default mysdk:design); --write PATH saves it (an existing
            file only with --force). Exit code 0.

            """,
            "diff": """
            Usage: hooklab diff [--all] OLD.json NEW.json

            Compares two Reports/matrix.json files (schema 1, 2 or 3; members it does not know are ignored) and
            prints the cells that changed as Markdown, ready for a pull-request comment: regressions first,
            then improvements, then new and removed cells. Each entry gives host, order, configuration,
            old → new outcome, the finding, and the 'hooklab explain' command to paste.
            The gate prints its differences from the baseline the same way.

              --all   list every changed cell; by default the text stops under 60,000 characters (GitHub's
                      comment limit is 65,536) and each section says how many of its cells are not shown

            Exit code: 1 when a cell regressed, 0 otherwise, 2 when a file is unreadable or malformed
            (the message names file:line).

            """,
            "matrix": """
            Usage: hooklab matrix [--workers N] [--reports DIR] [--shard I/N [--output FILE]] [-q]

            Runs every participant alone and every ordered pair and triple of participants on every host
            they support, in debug and release, with every position of the app's delegate (orders that
            cannot happen run nothing); shrinks each failing cell's worst scenario to a minimal reproducer;
            writes Reports/README.md (the index), a page per host, method-hook target and library,
            Reports/which-column.md and Reports/matrix.json (as one set: all files or none, byte-identical
            from run to run) and prints the headline counts; in HookLab's own checkout also
            Reports/field.md, scan on the public apps of Tests/HookLabTests/Fixtures. Exit code 0.

              --workers N     worker threads (default: the CPUs this process may run on)
              --reports DIR   write the reports there instead of Reports/ of the package
              --shard I/N     run only shard I of N (every host's cells stay in one shard; shards are balanced
                              by estimated cost) and write DIR/matrix.shard-I-of-N.json for 'hooklab merge'
              --output FILE   where --shard writes its file

            Progress (cells done / total, elapsed time) is drawn on stderr when it is a terminal.

            """,
            "merge": """
            Usage: hooklab merge SHARD.json... [--reports DIR]

            Combines the files of every 'hooklab matrix --shard I/N' job of one run into the report set
            (Reports/README.md, its pages and Reports/matrix.json), byte-identical to an unsharded run.
            A missing, repeated or foreign shard is an error (exit 2) and nothing is written.

            """,
            "gate": """
            Usage: hooklab gate [--participant ID] [--baseline PATH] [--reports DIR] [--junit FILE] [--github]
                                [--json] [--shard I/N] [--workers N] [-q] [-v]

            Runs the matrix and compares every cell's outcome with the baseline: the directory Matrix/baseline/
            when it exists (one schema-2 file per host, as HookLab's own), else Matrix/baseline.json. A worse
            cell is a regression, a better one an improvement that must be re-recorded; either fails the gate
            (exit 1) with one diff per cell: host, order, configuration, old and new outcome, the finding, and
            the 'hooklab explain' command to paste. A failing gate never writes the baseline.

              --participant ID   only gate cells that involve this participant (an SDK release check)
              --baseline PATH    the baseline: a file, or a directory (an existing one, or PATH ending in '/') whose
                                 *.json files, one per host, are read as one baseline and written one per host
                                 (default: the package's Matrix/baseline/ if it exists, else Matrix/baseline.json)
              --reports DIR      also write the run's reports there
              --junit FILE       write JUnit XML: one testcase per cell, a failure per differing cell
              --github           print ::error/::notice annotations; append a Markdown summary to
                                 $GITHUB_STEP_SUMMARY when it is set
              --json             print the verdict as JSON (cells with matrix.json's field names)
              --shard I/N        gate only shard I of N (see 'hooklab matrix --help')
              --workers N        worker threads (default: the CPUs this process may run on)
              -q / -v            print only failures / list every missing cell

            Environment: HOOKLAB_RECORD=missing (default: record missing cells, then fail until the diff is
            reviewed: exit 1, "recorded N new cells: review `git diff PATH` and run again", PATH the baseline used),
            all (re-record everything, keeping reasons of unchanged cells; passes), never (CI: anything
            missing fails). No baseline file is an error (exit 2) unless HOOKLAB_RECORD asks to record.
            A corrupt baseline is an error naming its file and line (exit 2), as is a cell in two files of a
            directory; it is never overwritten.

            """,
            "run": """
            Usage: hooklab run FILE... [--json]

            Runs scenario files (Matrix/scenarios/*.hooklab): one step per line, '#' starts a comment;
            LF, CRLF or CR line endings, a byte-order mark and tabs are all fine.
              host NAME | config debug|release | load P | attach P | set-delegate NAME | assign-delegate NAME
              fire SELECTOR | release NAME | drain | teardown | expect KIND... | expect-ran LABEL... | FAMILY.VERB ARGS...
            Method-hook files (host CLASS -SEL or CLASS +SEL) declare and call instead:
              class NAME : SUPER [SEL ...] [calls-super] | object NAME CLASS | call OBJECT SEL
              aspects.hook CLASS|OBJECT SEL before|instead|after | aspects.remove N
              jspatch.override CLASS SEL [calls-orig|calls-super] | swizzle.exchange CLASS SEL [prefix P] [no-add]
              swizzle.imp CLASS SEL | xaspect.patch NAME CLASS SEL [no-forward] | rac.signal OBJECT SEL
              kvo.observe OBJECT KEY | kvo.remove OBJECT KEY      (+SEL: the class method, on the metaclass)
            NSObject and UIViewController (viewDidLoad, viewWillAppear:, viewDidAppear:) need no declaration.
            Prints the findings with their steps and the message path. With several files, prints one line
            per file and a summary, and exits with the worst file's code.

              --json   print {"findings":[{"kind":…,"message":…,"step":…}],"ran":[…]} instead

            Exit code 0 when the findings are what the file's 'expect' lines say (no finding when there is
            none) and 'expect-ran' matches; 1 otherwise; 2 for an unreadable or invalid file, an unknown name or
            event, or a step the lab cannot run (file:line and the reason; nothing is reported as a finding).

            """,
            "explain": """
            Usage: hooklab explain HOST A B [C] [--config debug|release] [--json]

            Runs one cell (A installed first, then B) and explains it as the report's note does: what
            happens, the minimal reproducer, the message path, the references graph, the facts behind it,
            and what fixes it (the participants' variants and the other install orders, also run).

              --config debug|release   only this configuration (default: both)
              --json                   print the cells as in matrix.json, the alternatives run, and the note
            A method target's name holds a space: quote it ('SubViewController -viewWillAppear:').

            Exit code 0 when the cell passes, 1 when it fails.

            """,
            "advise": """
            Usage: hooklab advise HOST P1 [P2 … P6] [--config debug|release] [--json]

            Runs your own set of 1 to 6 libraries (participant ids, one per family) on HOST in every install order,
            each order with every scenario the matrix plans for a cell (every position of the app's delegate, the
            app replacing its delegate, a late-started SDK), in debug and release. Prints the orders that pass, the
            failing ones grouped by cause (outcome, finding kind and message) with a shrunk reproducer each, and the
            changes that make every order pass, in the order to try them: another line or documented setting of one
            library (an upgrade with its whole range), the app's own set-up, an install-order rule or a required
            order, a downgrade only where nothing newer passes, the one library to drop; two together when no single
            change does. A mode the SDK's vendor or a +load hook picks is never offered. Or it says that nothing in the
            lab works. --json gives each fix as values: its changes (as matrix.json's fixes), owner and set-up.

            Orders that plan the same scenarios run once, and load-time hooks whose observed footprints (the classes
            and selectors their load changes in a fresh runtime) are disjoint commute; the last line gives the
            scenarios run and the unpruned count.

              --config debug|release   only this configuration (default: both)
              --json                   print the answer as JSON (host, participants, configs, passing, cells with
                                       order/config/outcome/installs/finding, causes with reproducer, fixes, scenarios)

            Exit code 0 when every order passes, 1 when one fails, 2 for bad input (an unknown host or participant,
            fewer than 2 or more than 6 libraries, two of one family, a library that does not support the host).

            """,
            "list": """
            Usage: hooklab list [--json]

            Lists participants (id, family, what they model, installs, hosts, verbs), hosts (delegate
            ownership, events) and finding kinds; --json prints them as one JSON document.

            """,
            "bench": """
            Usage: hooklab bench [--workers N] [--repeat N] [--host HOST] [--vs-native]

            Times the whole matrix (every participant alone, pair and triple on every host, both
            configurations, all delegate positions and install variants, reproducers included) and prints
            the wall time, the runs made and reused (and how many went on from a copy of the state another
            set-up of their cell reached), runs per second, the mean cost of one run and the wall
            time of each stage of the last run (those on one core marked), then the
            model runtime's own figures (sends per second with and without the method cache, the cost of a
            runtime with 50 classes). Build with -c release for meaningful figures; the goal is under 3 s
            on 2 cores.

              --workers N   worker threads (default: the CPUs this process may run on)
              --repeat N    time the matrix N times (default 3) and report the median, each time and the
                            best: on a shared machine one run can be slowed by others
              --host HOST   time only that host's cells and print only the matrix figures: what a change
                            to the models of one host costs (under callgrind, too)
              --vs-native   also time Tests/OracleTests/bench/mini.m compiled with GCC + GNUstep (-O2)
                            against the same mini-scenario on the model, and print the ratio; needs
                            the packages gobjc, gnustep-make and libgnustep-base-dev

            """,
            "scan": """
            Usage: hooklab scan [PATH...] [--json] [--sarif FILE] [--github] [--junit FILE] [--config debug|release] [--workers N]

            Reads an app's lockfiles, recognises the SDKs the lab models, and runs `advise` on every host that two or
            more of them hook.

            With no PATH it finds Podfile.lock, Package.resolved (also inside *.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/
            and *.xcworkspace/xcshareddata/swiftpm/) and Cartfile.resolved under the current directory, skipping Pods/, Carthage/,
            .build/, DerivedData/ and .git/. A PATH is a lockfile or a directory to search. A project.pbxproj beside a
            Package.resolved says which products the app links (its XCSwiftPackageProductDependency entries).

            Prints, as Markdown: every SDK recognised (package, version, file:line, participant and why), the ones that hook
            something the lab does not model yet, a count of the rest, then per host the orders that pass, the failing ones by
            cause and the first change to try (a version upgrade, a setting, an install order, another variant, dropping one SDK).

              --json          the same as one JSON document: found, unmodeled, hosts (host, participants, passing, causes, fixes)
              --sarif FILE    SARIF 2.1.0 for code scanning: one result per conflicting set and host, at the lockfile line
              --github        GitHub Actions annotations on the lockfile lines
              --junit FILE    JUnit XML: a test suite per host, a test case per install order
              --config C      only debug or only release (default both)

            Exit codes: 0 no recognised set conflicts, 1 one does, 2 bad input (a malformed lockfile names its file and line;
            an unknown file says which formats are read). Files are written as one set, or not at all.

            Example: hooklab scan --sarif hooklab.sarif

            """,
        ]
    }
}
