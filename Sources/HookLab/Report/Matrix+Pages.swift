// The report set `hooklab matrix` writes: an index, a page per host, per method target and per library, and
// "Which column is my SDK?". One function, `reportFiles()`, returns every file, so the set is written in one place.

import Foundation

extension Matrix {
    /// The most a page may weigh, in bytes of UTF-8 (GitHub renders large Markdown slowly, or not at all).
    public static let pageByteLimit = 200_000
    /// An install order that cannot happen, in the overview's tables (each host page's table says why).
    public static let impossibleMark = "⛔"
    /// The most Mermaid graphs a page may hold (each is rendered in the reader's browser).
    public static let pageGraphLimit = 25
    /// The report directory, relative to the package root.
    public static let reportsDirectory = "Reports"
    /// How many conflicts the index lists.
    static let topConflictLimit = 12

    /// Every file `hooklab matrix` writes, paths relative to the package root, in a fixed order: the index, the
    /// host, target and library pages, "Which column is my SDK?", the other summaries, the old report's pointer and
    /// `matrix.json`. Byte-identical for equal matrices.
    /// - Parameter observations: What an app can observe of each design, for "Which column is my SDK?"
    ///   (``ModelCatalog/designObservations()``).
    public func reportFiles(observations: [DesignObservation] = [], workers: Int = ProcessInfo.processInfo.activeProcessorCount) -> [(path: String, contents: String)] {
        let layout = ReportLayout(self, observations: observations)
        // Each job renders files that depend only on the matrix and the layout, so they run side by side (the JSON,
        // the largest, with the pages); the files keep the jobs' order.
        var jobs: [() -> [(String, String)]] = [{ [("README.md", layout.indexPage())] }]
        for host in hosts where layout.hasPage(host.name) { jobs.append { layout.hostPages(host) } }
        // Each library's tables first: a page links to an earlier page that shows one of its tables word for word.
        let sections = Self.concurrentMap(participants.count, workers: workers) { layout.librarySections(participants[$0]) }
        for (index, participant) in participants.enumerated() {
            let earlier = (0..<index).map { (participants[$0].id, sections[$0]) }
            jobs.append { [(layout.libraryFile(participant.id), layout.libraryPage(participant, sections: sections[index], earlier: earlier))] }
        }
        jobs.append { [(ReportLayout.whichColumnFile, layout.whichColumnPage())] }
        jobs.append { layout.triplePages() }
        jobs.append { [(ReportLayout.predictionsFile, layout.predictionsPage())] }
        jobs.append { [("compatibility-matrix.md", layout.pointerPage())] }
        let pageCount = jobs.count
        jobs.append { [(Lab.svgPath, svg)] }
        jobs.append { [(Lab.jsonPath, json)] }
        // The JSON first: it takes longest.
        let order = [jobs.count - 1] + Array(0..<(jobs.count - 1))
        var done = Self.concurrentMap(jobs.count, workers: workers) { jobs[order[$0]]() }
        done = Array(done.dropFirst()) + [done[0]]
        return done.prefix(pageCount).flatMap { $0 }.map { ("\(Self.reportsDirectory)/\($0.0)", $0.1) } + done.dropFirst(pageCount).flatMap { $0 }
    }

    /// A name safe as a file name and a URL fragment on every system: letters, digits, `.` and `_` kept, `+` spelled
    /// `plus`, anything else a single `-` (`ViewController +classMethod` → `ViewController-plus-classMethod`).
    public static func fileSafeName(_ name: String) -> String {
        // A run of `-` is written as one as it is made (Foundation's search for `--` bridged every name it was asked for).
        var out = ""
        func dash() { if out.last != "-" { out.append("-") } }
        for character in name {
            if character.isASCII, character.isLetter || character.isNumber || character == "." || character == "_" {
                out.append(character)
            } else if character == "+" {
                dash()
                out += "plus-"
            } else {
                dash()
            }
        }
        while out.hasPrefix("-") || out.hasPrefix(".") { out.removeFirst() }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "page" : out
    }

    /// How many Mermaid graphs a Markdown text holds.
    public static func graphCount(_ text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0 == "```mermaid" }.count
    }
}

/// Where every note lives, and the pages around them. Built once per `reportFiles()`.
struct ReportLayout {
    static let whichColumnFile = "which-column.md"
    static let predictionsFile = "predictions.md"
    static let triplesFile = "triples.md"

    /// One note: a host and the orders it explains (two when both orders of a pair fail the same way).
    struct Note {
        var host: String
        var orders: [[String]]
        var anchor: String { "note-" + Matrix.fileSafeName(orders[0].joined(separator: "--")) }
        var keys: [Matrix.NoteKey] { orders.map { Matrix.NoteKey(host: host, order: $0) } }
    }

    let matrix: Matrix
    /// What an app can observe of each delegate design.
    let observations: [DesignObservation]
    /// The notes of each page owner (a host name, or `triples`), in table order.
    private(set) var notes: [String: [Note]] = [:]
    /// Every failing key's note, as a path relative to `Reports/` with its fragment.
    private(set) var location: [Matrix.NoteKey: String] = [:]
    /// Each host's page files (parts), relative to `Reports/`, with the notes each holds (rendered).
    private(set) var parts: [String: [(file: String, notes: [String])]] = [:]
    /// Each `@ios8`-style host's weak twin, when it has one.
    private(set) var twins: [String: String] = [:]
    /// Each method target's twin: a target whose hooks go on the same classes and object for the same selector
    /// (`ViewController -viewWillAppear:`, which the class implements, and `UIViewController -viewWillAppear:`, which it
    /// inherits). An order that fails the same way on both links the note placed second to the first.
    private(set) var targetTwins: [String: String] = [:]

    init(_ matrix: Matrix, observations: [DesignObservation] = []) {
        self.matrix = matrix
        self.observations = observations
        for host in matrix.hosts where host.name.contains("@") {
            let base = String(host.name.prefix { $0 != "@" })
            if matrix.hosts.contains(where: { $0.name == base }) { twins[host.name] = base }
        }
        for (index, host) in matrix.hosts.enumerated() {
            guard let target = host.methodTarget else { continue }
            if let earlier = matrix.hosts[..<index].first(where: { other in
                other.methodTarget.map {
                    $0.selector == target.selector && $0.otherSelector == target.otherSelector && $0.followUps == target.followUps
                        && $0.hookClasses == target.hookClasses && $0.object == target.object
                } ?? false
            }) {
                targetTwins[host.name] = earlier.name
                targetTwins[earlier.name] = host.name
            }
        }
        var rendered: [String: String] = [:]
        var shown: [String: String] = [:]
        let owners = matrix.hosts.map { ($0.name, groups(on: $0.name)) }
            + [("triples", matrix.emergentKeys.map { Note(host: $0.host, orders: [$0.order]) })]
        // Every note's text rendered first, on every core: placing the notes is sequential (a note links to the first
        // that says the same), and rendering them there held every report page, and the tests reading them, up on one
        // core. A note placed as a link to its twin's does not use its text.
        let all = owners.flatMap(\.1)
        let texts = Matrix.concurrentMap(all.count, workers: ProcessInfo.processInfo.activeProcessorCount) {
            matrix.pageNote(all[$0]).joined(separator: "\n")
        }
        var start = 0
        for (owner, list) in owners {
            place(owner, notes: list, texts: texts[start..<(start + list.count)], rendered: &rendered, shown: &shown)
            start += list.count
        }
    }

    // MARK: Notes and where they go

    /// The host's notes: one per library failing alone, one per failing order, or one per unordered pair when both
    /// orders fail the same way. A twin-era host keeps only the orders whose outcomes differ from its weak twin's.
    func groups(on host: String) -> [Note] {
        let ids = matrix.participants(on: host)
        var done: Set<[String]> = []
        var out: [Note] = []
        // Each library alone first, when it fails (the diagonal).
        for id in ids where !matrix.failingConfigs(Matrix.NoteKey(host: host, order: [id])).isEmpty {
            if let twin = twins[host], agrees(host, twin, [id]) { continue }
            out.append(Note(host: host, orders: [[id]]))
        }
        for row in ids {
            for column in ids where row != column && matrix.family(of: row) != matrix.family(of: column) {
                let order = [row, column]
                guard !done.contains(order), !matrix.failingConfigs(Matrix.NoteKey(host: host, order: order)).isEmpty else { continue }
                if let twin = twins[host], agrees(host, twin, order) { continue }
                let mirror = [column, row]
                var note = Note(host: host, orders: [order])
                done.insert(order)
                if !done.contains(mirror), failsLike(Matrix.NoteKey(host: host, order: mirror), Matrix.NoteKey(host: host, order: order)),
                   twins[host].map({ !agrees(host, $0, mirror) }) ?? true {
                    note.orders.append(mirror)
                    done.insert(mirror)
                }
                out.append(note)
            }
        }
        return out
    }

    /// Whether an order has the same outcome in every configuration on a host and on its twin.
    func agrees(_ host: String, _ twin: String, _ order: [String]) -> Bool {
        Configuration.allCases.allSatisfy { config in
            matrix.outcome(of: Matrix.Cell(host: host, order: order, config: config))
                == matrix.outcome(of: Matrix.Cell(host: twin, order: order, config: config))
        }
    }

    /// Whether `key` fails, and `other` fails with the same outcome and the same worst finding kind in every
    /// configuration: two orders of one host (both orders of a pair), or one order on two twin targets.
    func failsLike(_ key: Matrix.NoteKey, _ other: Matrix.NoteKey) -> Bool {
        Configuration.allCases.allSatisfy { config in
            let a = matrix.result(for: Matrix.Cell(host: key.host, order: key.order, config: config))
            let b = matrix.result(for: Matrix.Cell(host: other.host, order: other.order, config: config))
            return a?.outcome == b?.outcome && a?.findings.mostSevere?.kind == b?.findings.mostSevere?.kind
        } && !matrix.failingConfigs(key).isEmpty
    }

    /// Renders the owner's notes and packs them into page parts within the size and graph limits. A note whose text
    /// repeats an earlier one (apart from its heading) becomes a link to it; a run or a "Based on" list that an earlier
    /// note shows becomes a link to that note (`shown`: each block's first place).
    private mutating func place(_ owner: String, notes list: [Note], texts: ArraySlice<String>, rendered: inout [String: String],
                                shown: inout [String: String]) {
        notes[owner] = list
        let base = owner == "triples" ? String(ReportLayout.triplesFile.dropLast(3))
            : (isMethodTarget(owner) ? "targets/" : "hosts/") + Matrix.fileSafeName(owner)
        // The first part also holds the table: keep room for it.
        // The triples page lists every emergent order (with its note link) above the notes.
        // The table has a cell per ordered pair of the host's participants (about 48 bytes each with its note link).
        let columns = matrix.participants(on: owner).count
        let reserve = owner == "triples" ? 2 * matrix.emergentSection(numbers: [:]).joined(separator: "\n").utf8.count + 4_000
            : 8_000 + 48 * columns * columns
        var result: [(file: String, notes: [String])] = []
        var current: [String] = []
        var bytes = reserve
        var graphs = 0
        func file(_ index: Int) -> String { index == 0 ? "\(base).md" : "\(base)-part\(index + 1).md" }
        for (note, noteText) in zip(list, texts) {
            // An `@ios8` order (a triple: pairs never get here) that fails like its weak twin links to the twin's note.
            let twinNote = twins[note.host].flatMap { twin in
                agrees(note.host, twin, note.orders[0]) ? location[Matrix.NoteKey(host: twin, order: note.orders[0])] : nil
            }
            // A method target's twin where the order fails the same way, in every configuration, with its note placed.
            let targetTwin = twinNote == nil && note.orders.count == 1 ? targetTwins[note.host].flatMap { twin in
                failsLike(Matrix.NoteKey(host: note.host, order: note.orders[0]), Matrix.NoteKey(host: twin, order: note.orders[0])) ? location[Matrix.NoteKey(host: twin, order: note.orders[0])].map { (twin, $0) } : nil
            } : nil
            let twinNote2 = twinNote ?? targetTwin?.1
            var text = twinNote2 == nil ? noteText : matrix.noteHeading(note)
            let body = text.split(separator: "\n", maxSplits: 1).dropFirst().joined()
            let first = twinNote2 ?? rendered[body]
            if let twin = twins[note.host], twinNote != nil {
                text += "\n\n`\(note.orders[0].joined(separator: " → "))` on \(note.host) fails like its weak twin on \(twin), in every configuration: see [the note on \(twin)](LINK)."
            } else if let (twin, _) = targetTwin {
                text += "\n\n`\(note.orders[0].joined(separator: " → "))` on \(note.host) fails as on \(twin), whose hooks go on the same "
                    + "class and object for the same selector: the same outcome and the same kind of finding in every configuration. The "
                    + "story is told in [the note on \(twin)](LINK); this target's own run: `hooklab explain '\(note.host)' \(note.orders[0].joined(separator: " "))`."
            } else if first != nil {
                // Linked below, once this note's part is known.
                text = matrix.noteHeading(note) + "\n\n`\(note.orders[0].joined(separator: " → "))` on \(note.host) fails word for word like [this note](LINK)."
            }
            var firsts: [String] = []
            var links: [String] = []
            if first == nil, twinNote2 == nil { (text, links, firsts) = Self.sharedBlocks(text, shown: shown) }
            let size = text.utf8.count + 2
            let count = Matrix.graphCount(text)
            if !current.isEmpty, bytes + size > Matrix.pageByteLimit - 25_000 || graphs + count > Matrix.pageGraphLimit {
                result.append((file(result.count), current))
                current = []
                bytes = 4_000
                graphs = 0
            }
            if let first { text = text.replacingEvery("(LINK)", with: "(\(Self.link(from: file(result.count), to: first)))") }
            for (i, target) in links.enumerated() {
                text = text.replacingEvery("(SHOWN-\(i))", with: "(\(Self.link(from: file(result.count), to: target)))")
            }
            current.append(text)
            bytes += size
            graphs += count
            let here = file(result.count) + "#" + note.anchor
            for block in firsts { shown[block] = here }
            if first == nil, twinNote2 == nil { rendered[body] = here }
            for key in note.keys { location[key] = here }
        }
        result.append((file(result.count), current))
        parts[owner] = result
        // A twin-era order that agrees with its twin shares the twin's note.
        if let twin = twins[owner] {
            for row in matrix.participants(on: owner) {
                for column in matrix.participants(on: owner) where row != column {
                    let key = Matrix.NoteKey(host: owner, order: [row, column])
                    if location[key] == nil, let shared = location[Matrix.NoteKey(host: twin, order: [row, column])] { location[key] = shared }
                }
            }
        }
    }

    /// The blocks of a note worth showing once: each run's story (what happens, the reproducer, the message path and the
    /// references, from "**What happens**" to the next run's heading) and each "Based on" list, when 400 bytes or more.
    /// One that `shown` already places becomes a sentence linking there (`(SHOWN-i)`, the i-th of `links`); `firsts`
    /// are the blocks this note shows first.
    static func sharedBlocks(_ text: String, shown: [String: String]) -> (text: String, links: [String], firsts: [String]) {
        let lines = text.components(separatedBy: "\n")
        var out: [String] = []
        var links: [String] = []
        var firsts: [String] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let story = line.hasPrefix("**What happens**"), facts = line.hasPrefix("**Based on**")
            guard story || facts else {
                // Any other paragraph of 400 bytes or more (a "What you can do" list, what the user sees) is shown once too.
                var end = i
                while end < lines.count, !lines[end].isEmpty { end += 1 }
                let paragraph = lines[i..<end].joined(separator: "\n")
                let starts = (i == 0 || lines[i - 1].isEmpty) && !line.hasPrefix("#") && !line.hasPrefix("<") && !line.hasPrefix("```")
                guard starts, paragraph.utf8.count >= 400 else { out.append(line); i += 1; continue }
                if firsts.contains(paragraph) {
                    out.append(Self.gist(of: paragraph) + " the same as above.")
                } else if let place = shown[paragraph] {
                    out.append(Self.gist(of: paragraph) + " the same as in [this note](SHOWN-\(links.count)).")
                    links.append(place)
                } else {
                    out += lines[i..<end]
                    firsts.append(paragraph)
                }
                i = end
                continue
            }
            var end = i + 1
            if story {
                while end < lines.count, !lines[end].hasPrefix("#### "), lines[end] != "</details>" { end += 1 }
                while end > i + 1, lines[end - 1].isEmpty { end -= 1 }
            } else {
                while end < lines.count, !lines[end].isEmpty { end += 1 }
            }
            let block = lines[i..<end].joined(separator: "\n")
            if block.utf8.count >= 400, firsts.contains(block) {
                out.append(story ? "The same run as the one above." : "**Based on:** the same facts as above.")
            } else if block.utf8.count >= 400, let place = shown[block] {
                out.append(story ? "The same run as in [this note](SHOWN-\(links.count)): what happens, its minimal reproducer, message path and references are there."
                                 : "**Based on:** the same facts as [this note](SHOWN-\(links.count)) lists.")
                links.append(place)
            } else {
                if block.utf8.count >= 400, !firsts.contains(block) { firsts.append(block) }
                // A new run may still repeat an earlier run's message path or references.
                var j = i
                while j < end {
                    let heading = lines[j]
                    // A paragraph of its own: the run's "What happens" (the same finding may come with another line of
                    // one library in the reproducer) or its other findings ("Also found:").
                    if (j == i && story) || heading == "Also found:" {
                        var stop = j + 1
                        while stop < end, !lines[stop].isEmpty { stop += 1 }
                        let part = lines[j..<stop].joined(separator: "\n")
                        let label = heading == "Also found:" ? "Also found:" : Self.gist(of: part)
                        if part.utf8.count >= 400, firsts.contains(part) {
                            out.append(label + " the same as in the run above.")
                        } else if part.utf8.count >= 400, let place = shown[part] {
                            out.append(label + " the same as in [this note](SHOWN-\(links.count)).")
                            links.append(place)
                        } else {
                            out += lines[j..<stop]
                            if part.utf8.count >= 400 { firsts.append(part) }
                        }
                        j = stop
                        continue
                    }
                    guard heading == "**Message path:**" || heading == "**References at the failure:**" else { out.append(heading); j += 1; continue }
                    // The heading, its fenced block, and the graph's legend line.
                    var stop = j + 2
                    while stop < end, lines[stop] != "```" { stop += 1 }
                    stop = min(stop + 1, end)
                    if stop < end, lines[stop].hasPrefix("Thick: strong.") { stop += 1 }
                    let part = lines[j..<stop].joined(separator: "\n")
                    if part.utf8.count >= 400, firsts.contains(part) {
                        out.append(heading.dropLast(2) + "** the same as in the run above.")
                    } else if part.utf8.count >= 400, let place = shown[part] {
                        out.append(heading.dropLast(2) + "** the same as in [this note](SHOWN-\(links.count)).")
                        links.append(place)
                    } else {
                        out += lines[j..<stop]
                        if part.utf8.count >= 400, !firsts.contains(part) { firsts.append(part) }
                    }
                    j = stop
                }
            }
            i = end
        }
        return (out.joined(separator: "\n"), links, firsts)
    }

    /// How a paragraph shown in an earlier note starts where it is linked: its bold label (`**What you can do:**`), else
    /// its opening words up to the first `:` or `.` outside code and parentheses (at most 160 bytes), else its first
    /// words and "…".
    static func gist(of paragraph: String) -> String {
        let flat = Array(paragraph.replacingOccurrences(of: "\n", with: " "))
        // The opening words, at most `limit` bytes, cut at a space outside code.
        func opening(_ text: ArraySlice<Character>, limit: Int) -> String {
            var bytes = 0, ticks = 0, space: Int?
            for (i, c) in zip(text.indices, text) {
                bytes += c.utf8.count
                if bytes > limit { break }
                if c == "`" { ticks += 1 }
                if c == " ", ticks % 2 == 0 { space = i }
            }
            return String(text[text.startIndex..<(space ?? text.startIndex)]) + " …"
        }
        if flat.starts(with: ["*", "*"]), let close = (2..<max(2, flat.count - 1)).first(where: { flat[$0] == "*" && flat[$0 + 1] == "*" }) {
            // The whole label: it is a claim (the set-ups a note says fail), which the claims test reads. One too long to
            // repeat ("As alone, when your app …" with four set-ups) keeps its words before the first comma.
            let label = String(flat[..<(close + 2)])
            guard label.utf8.count > 300, let comma = flat[2..<close].firstIndex(of: ",") else { return label }
            // A set-up sentence cut at a comma would name a set-up that is not one ("sets it after …" of "…, then frees it").
            if label.hasPrefix("**Fails when your app ") || label.hasPrefix("**Fails unless your app ") {
                return "**Fails under some of the app's set-ups**,"
            }
            return String(flat[..<comma]) + "**, when your app is set up"
        }
        // Up to the first `:` or `.` that ends a clause outside code and parentheses.
        var ticks = 0, depth = 0, bytes = 0
        for (i, c) in flat.enumerated() {
            bytes += c.utf8.count
            if bytes > 160 { break }
            if c == "`" { ticks += 1 }
            if ticks % 2 == 0, c == "(" { depth += 1 }
            if ticks % 2 == 0, c == ")" { depth -= 1 }
            if ticks % 2 == 0, depth == 0, c == ":" || c == ".", i + 1 == flat.count || flat[i + 1] == " " { return String(flat[..<i]) + ":" }
        }
        return opening(flat[...], limit: 160)
    }

    func isMethodTarget(_ host: String) -> Bool { matrix.hosts.first { $0.name == host }?.methodTarget != nil }

    /// Whether a host gets a page: it was run and, for a twin-era host, some cell differs from its twin.
    func hasPage(_ host: String) -> Bool {
        guard matrix.results.contains(where: { $0.cell.host == host }) else { return false }
        guard let twin = twins[host] else { return true }
        return matrix.results.contains { $0.cell.host == host && !agrees(host, twin, $0.cell.order) }
    }

    func hostFile(_ host: String) -> String { (isMethodTarget(host) ? "targets/" : "hosts/") + Matrix.fileSafeName(host) + ".md" }
    func libraryFile(_ id: String) -> String { "libraries/" + Matrix.fileSafeName(id) + ".md" }

    /// A link target from one page to a path relative to `Reports/`.
    static func link(from page: String, to target: String) -> String {
        let file = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if file == page, let hash = target.firstIndex(of: "#") { return String(target[hash...]) }
        let pageDirectory = page.split(separator: "/").dropLast().joined(separator: "/")
        let targetDirectory = file.split(separator: "/").dropLast().joined(separator: "/")
        if pageDirectory == targetDirectory { return String(target.split(separator: "/").last!) }
        return pageDirectory.isEmpty ? target : "../" + target
    }

    // MARK: Tables

    /// The one function that renders a table cell's text: the outcome symbols, the finding kinds on a method
    /// target, and the link to the cell's note (relative to `page`). nil `page`: symbols only.
    func tableCell(_ key: Matrix.NoteKey, page: String?) -> String {
        let results = matrix.results(key)
        // The overview's tables give the mark only; the host page's table says why the order cannot happen.
        if let impossibility = results.first?.impossibility { return page == nil ? Matrix.impossibleMark : impossibility }
        guard let symbols = matrix.symbols(key) else { return " " }
        var text = symbols
        let failing = results.filter { $0.outcome != .ok }
        if isMethodTarget(key.host), !failing.isEmpty, page != nil, let kinds = matrix.failingKinds(failing) {
            let list = kinds.components(separatedBy: ", ")
            text += " " + list.prefix(2).joined(separator: ", ") + (list.count > 2 ? ", …" : "")
        }
        text += matrix.verdictSuffix(key)
        if let page, let target = location[key] {
            text += " [note](\(Self.link(from: page, to: target)))" + matrix.marks(key)
        } else if page == nil {
            text += matrix.marks(key)
        }
        return text
    }

    /// A host's pair table with every column header linked to its design in "Which column is my SDK?".
    func table(_ host: String, page: String?) -> [String] {
        let ids = matrix.participants(on: host)
        let which = page.map { Self.link(from: $0, to: Self.whichColumnFile) } ?? Self.whichColumnFile
        return matrix.pairTable(host: host, ids: ids, corner: "first ↓ / then → ([which column is my SDK?](\(which)))",
                                header: { "[`\($0)`](\(which)#\(Matrix.fileSafeName($0)))" }) { tableCell($0, page: page) }
    }

    /// "`tracker:swizzle` = setDelegate: swizzle + class method swizzle; …" for the participants of a host.
    func columnNames(_ host: String) -> String {
        "Columns: " + matrix.participants(on: host).map { "`\($0)` = \(matrix.design(of: $0))" }.joined(separator: "; ") + "."
    }

    // MARK: Pages

    func hostPages(_ host: HostInfo) -> [(String, String)] {
        let list = parts[host.name] ?? [(hostFile(host.name), [])]
        var pages: [(String, String)] = []
        for (index, part) in list.enumerated() {
            var out: [String] = []
            let partTitle = list.count > 1 ? " (part \(index + 1) of \(list.count))" : ""
            if let target = host.methodTarget {
                out.append("# Method hooks on \(host.name)\(partTitle)")
                out.append("")
                out.append("[← all reports](../README.md) · [Which column is my SDK?](../\(Self.whichColumnFile))")
                out.append("")
                out.append(target.summary)
            } else {
                out.append("# \(host.name) (delegate: \(host.delegateOwnership))\(partTitle)")
                out.append("")
                out.append("[← all reports](../README.md) · [Which column is my SDK?](../\(Self.whichColumnFile))")
                if let twin = twins[host.name] {
                    out.append("")
                    let variant = switch host.framework {
                    case "swiftui": "The same slot in an app with the SwiftUI life cycle: `UIApplication.delegate` holds SwiftUI's own app delegate, which forwards to the app's `@UIApplicationDelegateAdaptor` object."
                    case "flutter" where host.delegateAtLaunch == true: "The same slot in an app built on Flutter: its app delegate is its `FlutterAppDelegate` subclass, which writes none of these methods. Flutter's class passes links to the registered plugins until one handles them, then to Flutter's router; the push token goes to every plugin; the background-push method exists only while a plugin implements it (`respondsToSelector:`), and is then forwarded to the plugins. Flutter plugins (`flutterfire`) are checked here only, React Native libraries never."
                    case "expo": "The same slot in an app built with Expo: its app delegate is its `ExpoAppDelegate` subclass, which overrides only the Expo template's two link methods and calls `super`. `ExpoAppDelegate` implements every app-delegate method and passes each event to every subscriber of Expo's modules (expo-notifications' among them), ORs the link answers and completes the background push once."
                    case "flutter": "The same slot in an app built on Flutter: its notification delegate is its `FlutterAppDelegate` subclass (`delegate = self`, the documented set-up), which passes each event to every registered plugin that implements it, each with the same completion handler; Flutter plugins (`flutterfire`) are checked here only, React Native libraries never."
                    default: "The same host in the iOS 8 era, when its delegates were `assign`."
                    }
                    // The first part says how the host differs; the others point there.
                    out.append(index == 0
                        ? "\(variant) Only the cells whose outcome differs from [\(twin)](\(Matrix.fileSafeName(twin)).md) have notes here; the others link to that page."
                        : "How this host differs from [\(twin)](\(Matrix.fileSafeName(twin)).md): see [part 1](\(Self.link(from: part.file, to: list[0].file))).")
                }
            }
            if index == 0 {
                out.append("")
                if host.methodTarget == nil {
                    out.append("Row installed first, column installed second. " + matrix.orderMeaning(methodHooks: false))
                    out.append("")
                    out.append("Events fired: \(host.events.map { "`\($0)`" }.joined(separator: ", ")).")
                } else {
                    out.append("Row installed first, column installed second. " + matrix.orderMeaning(methodHooks: true) + " Every placement of class hooks and every install variant runs; the cell shows the worst. What ran in each passing cell is listed under [What ran](#what-ran).")
                }
                out.append("")
                out.append(matrix.aloneMarks)
                out.append("")
                // A page whose columns an earlier page (a twin, another method target) names already links to that legend.
                let legend = columnNames(host.name)
                if legend.utf8.count >= 400, let earlier = matrix.hosts.prefix(while: { $0.name != host.name }).first(where: {
                    hasPage($0.name) && matrix.participants(on: $0.name) == matrix.participants(on: host.name)
                }) {
                    out.append("Columns: as on [\(earlier.name)](\(Self.link(from: part.file, to: hostFile(earlier.name)))), whose legend names each design.")
                } else {
                    out.append(legend)
                }
                out.append("")
                out += table(host.name, page: part.file)
            }
            if list.count > 1 {
                out.append("")
                out.append("Parts: " + list.enumerated().map { i, p in i == index ? "\(i + 1)" : "[\(i + 1)](\(p.file.split(separator: "/").last!))" }.joined(separator: " · "))
            }
            if !part.notes.isEmpty {
                out.append("")
                out.append("## Notes")
                for note in part.notes {
                    out.append("")
                    out.append(note)
                }
            }
            if index == 0, host.methodTarget != nil { out += whatRan(host.name) }
            pages.append((part.file, out.joined(separator: "\n") + "\n"))
        }
        return pages
    }

    /// The hook bodies that ran in each passing method-hook cell (kept out of the table so rows stay short).
    func whatRan(_ host: String) -> [String] {
        var out = ["", "## What ran", "", "<a id=\"what-ran\"></a>The hook bodies that ran, in order, in each passing cell's first scenario (`original` is the method's own body, `super:C` a superclass's reached through a super call).", ""]
        let ids = matrix.participants(on: host)
        for row in ids {
            for column in ids where row != column && matrix.family(of: row) != matrix.family(of: column) {
                let key = Matrix.NoteKey(host: host, order: [row, column])
                guard matrix.failingConfigs(key).isEmpty,
                      let first = matrix.result(for: Matrix.Cell(host: host, order: key.order, config: .debug))
                        ?? matrix.result(for: Matrix.Cell(host: host, order: key.order, config: .release)) else { continue }
                out.append("- `\(key.order.joined(separator: " → "))`: \(first.ran.isEmpty ? "nothing ran" : first.ran.joined(separator: " → "))")
            }
        }
        return out
    }

    func triplePages() -> [(String, String)] {
        let list = parts["triples"] ?? [(Self.triplesFile, [])]
        return list.enumerated().map { index, part in
            var out = ["# Failures among three libraries" + (list.count > 1 ? " (part \(index + 1) of \(list.count))" : ""), "",
                       "[← all reports](README.md)", ""]
            if index == 0 {
                out += matrix.emergentSection(numbers: [:]).dropFirst(2).map { line in
                    guard line.hasPrefix("- `") else { return line }
                    // Link each listed order to its note.
                    for key in matrix.emergentKeys where line.hasPrefix("- `\(key.host)`: `\(key.order.joined(separator: " → "))`") {
                        if let target = location[key] { return line + " [note](\(target.split(separator: "/").last!))" }
                    }
                    return line
                }
            }
            if !part.notes.isEmpty {
                out.append("")
                out.append("## Notes")
                for note in part.notes { out += ["", note] }
            }
            return (part.file, out.joined(separator: "\n") + "\n")
        }
    }

    func predictionsPage() -> String {
        var out = ["# The most surprising predictions", "", "[← all reports](README.md)", ""]
        // The section numbers notes; here each number becomes a link to the note's page.
        var numbers: [Matrix.NoteKey: Int] = [:]
        for host in matrix.hosts {
            for note in notes[host.name] ?? [] { for key in note.keys where numbers[key] == nil { numbers[key] = numbers.count + 1 } }
        }
        for note in notes["triples"] ?? [] { for key in note.keys where numbers[key] == nil { numbers[key] = numbers.count + 1 } }
        let section = matrix.predictionsSection(numbers: numbers).dropFirst(2).joined(separator: "\n")
        // Each ` [[N]](#note-N)` of a numbered note becomes a link to its page: found in one pass over the section, where
        // a search of the whole section for each of the matrix's notes took most of rendering this page.
        var keyOf: [Int: Matrix.NoteKey] = [:]
        for (key, number) in numbers { keyOf[number] = key }
        var linked = ""
        var rest = section[...]
        while let open = rest.firstOccurrence(of: " [[") {
            linked += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            let tail = after.dropFirst(digits.count)
            if let number = Int(digits), String(number) == digits, let key = keyOf[number], tail.hasPrefix("]](#note-\(number))") {
                linked += location[key].map { " [note](\($0))" } ?? ""
                rest = tail.dropFirst("]](#note-\(number))".count)
            } else {
                linked += " [["
                rest = after
            }
        }
        linked += rest
        out.append(linked)
        return out.joined(separator: "\n") + "\n"
    }

    func pointerPage() -> String {
        """
        # HookLab compatibility matrix

        The report is now split by reader: start at [README.md](README.md) (the index, with a summary table per host and \
        links to a page per host, per method-hook target and per library). The complete machine record is \
        [matrix.json](matrix.json).

        """
    }
}
