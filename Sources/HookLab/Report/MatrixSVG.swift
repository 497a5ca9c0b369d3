// `Reports/matrix.svg`: a heat map of every host × ordered pair, coloured by outcome.

extension Matrix {
    /// One panel per host: rows are the participant installed first, columns the one installed second, each
    /// cell coloured by the worse outcome of debug and release; a library alone, when the matrix has it, on the diagonal.
    ///
    /// Plain SVG 1.1 that GitHub shows as an image: no scripts, no external fonts or links, every text
    /// escaped, whole-pixel coordinates so the bytes are the same from run to run. Text widths are estimated
    /// from character counts (no font metrics), generously.
    public var svg: String {
        let cellSize = 14, gap = 2, characterWidth = 7, margin = 16, panelGap = 28, maxWidth = 1400
        struct Panel {
            var host: String
            var ids: [String]
            var width: Int
            var height: Int
            var labelWidth: Int
            var headerHeight: Int
        }
        // Participants of each host, in catalogue order, as they appear in its pair cells.
        var pairs: [String: [Matrix.Cell: Outcome]] = [:]
        var idsOfHost: [String: Set<String>] = [:]
        // Orders that cannot happen ran nothing; their `ok` is no verdict, so they are drawn apart.
        var impossible: [Matrix.Cell: String] = [:]
        // A library alone (an order of one, matrix.json schema 2) sits on the diagonal.
        for result in results where result.cell.order.count <= 2 {
            let key = Matrix.Cell(host: result.cell.host, order: [result.cell.order[0], result.cell.order.last!], config: .debug)
            pairs[result.cell.host, default: [:]][key] = max(pairs[result.cell.host]?[key] ?? .ok, result.outcome)
            idsOfHost[result.cell.host, default: []].formUnion(result.cell.order)
            if !result.possible { impossible[key] = result.impossibility ?? "not possible" }
        }
        let panels: [Panel] = hosts.compactMap { host in
            guard let present = idsOfHost[host.name] else { return nil }
            let ids = participants.map(\.id).filter { present.contains($0) }
            let labelWidth = (ids.map(\.count).max() ?? 0) * characterWidth + 8
            let headerHeight = 22 + labelWidth
            let grid = ids.count * (cellSize + gap)
            let titleWidth = host.name.count * 8 + 4
            return Panel(host: host.name, ids: ids, width: max(labelWidth + grid, titleWidth), height: headerHeight + grid,
                         labelWidth: labelWidth, headerHeight: headerHeight)
        }

        // Panels flow left to right in rows no wider than maxWidth.
        let legendHeight = 64
        var placed: [(Panel, x: Int, y: Int)] = []
        var x = margin, y = margin + legendHeight, rowHeight = 0, width = 0
        for panel in panels {
            if x > margin, x + panel.width > maxWidth - margin {
                x = margin
                y += rowHeight + panelGap
                rowHeight = 0
            }
            placed.append((panel, x, y))
            x += panel.width + panelGap
            rowHeight = max(rowHeight, panel.height)
            width = max(width, x - panelGap + margin)
        }
        let height = y + rowHeight + margin
        width = max(width, 760)

        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
        font-family="Helvetica, Arial, sans-serif" font-size="11">
        <title>HookLab compatibility matrix: every host and ordered pair, coloured by outcome</title>
        <rect x="0" y="0" width="\(width)" height="\(height)" fill="#ffffff"/>
        <text x="\(margin)" y="\(margin + 12)" font-size="15" font-weight="bold">HookLab compatibility matrix</text>
        <text x="\(margin)" y="\(margin + 30)" fill="#57606a">Row: installed first. Column: installed second. \
        Colour: the worse outcome of debug and release. Blank: not a pair the lab runs.</text>

        """
        var legendX = margin
        for outcome in Outcome.bySeverity {
            out += "<rect x=\"\(legendX)\" y=\"\(margin + 40)\" width=\"\(cellSize)\" height=\"\(cellSize)\" fill=\"\(Self.svgColour(outcome))\"/>"
            out += "<text x=\"\(legendX + cellSize + 4)\" y=\"\(margin + 51)\">\(outcome.rawValue)</text>\n"
            legendX += cellSize + 10 + outcome.rawValue.count * characterWidth + 12
        }
        out += "<rect x=\"\(legendX)\" y=\"\(margin + 40)\" width=\"\(cellSize)\" height=\"\(cellSize)\" fill=\"\(Self.impossibleColour)\"/>"
        out += "<text x=\"\(legendX + cellSize + 4)\" y=\"\(margin + 51)\">order not possible</text>\n"
        for (panel, px, py) in placed {
            let gridX = px + panel.labelWidth, gridY = py + panel.headerHeight
            out += "<g>\n<text x=\"\(px)\" y=\"\(py + 13)\" font-size=\"13\" font-weight=\"bold\">\(Self.xmlEscaped(panel.host))</text>\n"
            for (column, id) in panel.ids.enumerated() {
                let cx = gridX + column * (cellSize + gap) + cellSize / 2 + 4
                out += "<text x=\"\(cx)\" y=\"\(gridY - 4)\" transform=\"rotate(-90 \(cx) \(gridY - 4))\">\(Self.xmlEscaped(id))</text>\n"
            }
            for (row, first) in panel.ids.enumerated() {
                let cy = gridY + row * (cellSize + gap)
                out += "<text x=\"\(gridX - 6)\" y=\"\(cy + 11)\" text-anchor=\"end\">\(Self.xmlEscaped(first))</text>\n"
                for (column, second) in panel.ids.enumerated() {
                    let key = Matrix.Cell(host: panel.host, order: [first, second], config: .debug)
                    guard let outcome = pairs[panel.host]?[key] else { continue }
                    let order = first == second ? [first] : [first, second]
                    let configs = Configuration.allCases.compactMap { config in
                        self.outcome(of: Matrix.Cell(host: panel.host, order: order, config: config)).map { "\(config.rawValue) \($0.rawValue)" }
                    }.joined(separator: ", ")
                    let name = first == second ? "\(first) alone" : "\(first) → \(second)"
                    let fill = impossible[key] == nil ? Self.svgColour(outcome) : Self.impossibleColour
                    let what = impossible[key] ?? configs
                    out += "<rect class=\"cell\" x=\"\(gridX + column * (cellSize + gap))\" y=\"\(cy)\" width=\"\(cellSize)\" height=\"\(cellSize)\" "
                        + "fill=\"\(fill)\"><title>\(Self.xmlEscaped("\(panel.host): \(name): \(what)"))</title></rect>\n"
                }
            }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }

    /// The fill of an outcome: green for ok, warm to red by severity; readable for the common colour blindness
    /// because the legend and each cell's title also name the outcome.
    static func svgColour(_ outcome: Outcome) -> String {
        switch outcome {
        case .ok: "#2da44e"
        case .refused: "#8c959f"
        case .latent: "#9a6700"
        case .leak: "#54aeff"
        case .broken: "#fb8f44"
        case .assert: "#e3b341"
        case .loop: "#8250df"
        case .crash: "#cf222e"
        }
    }

    /// The fill of an order that cannot happen.
    static let impossibleColour = "#d0d7de"

    /// Text for SVG content and attribute values.
    static func xmlEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case _ where character.unicodeScalars.contains { $0.value < 0x20 }: out += " " // not allowed in XML 1.0
            default: out.append(character)
            }
        }
        return out
    }
}
