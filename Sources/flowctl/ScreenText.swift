import FlowEngine

/// The final screen for people (`all steps passed: …`, `final: …`): the
/// `expect stack` text, whole, wrapped at `width` between its entries
/// (before ` > `) and its layers (before ` | `). Each continuation line is
/// indented and starts with the separator, so no entry, and no argument of
/// one, is ever cut. Widths count Unicode scalars.
enum ScreenText {
    /// One entry of the screen and what separates it from the one before:
    /// `""` for the first, `">"` within a layer, `"|"` at a new layer (whose
    /// first entry then carries its kind: `sheet: cart`).
    struct Piece: Hashable, Sendable {
        var separator: String
        var text: String
    }

    /// The indent of a continuation line.
    static let indent = "    "

    /// `lead` and the screen, wrapped at `width` columns.
    static func wrapped(_ lead: String, _ navigator: Navigator, width: Int) -> String {
        wrap(lead, pieces(navigator), width: width)
    }

    /// The screen's pieces, as `Navigator.stackDescription` writes them.
    static func pieces(_ navigator: Navigator) -> [Piece] {
        var pieces: [Piece] = []
        for (index, layer) in navigator.state.layers.enumerated() {
            let prefix = layer.kind.stackPrefix
            let entries = layer.stack.map(navigator.describe)
            let first = Piece(separator: index == 0 ? "" : "|", text: prefix + (entries.first ?? ""))
            pieces.append(first)
            pieces += entries.dropFirst().map { Piece(separator: ">", text: $0) }
        }
        return pieces
    }

    /// `lead` then the pieces joined by ` > ` and ` | `, a new line (the
    /// indent and the separator) before any piece that would pass `width`;
    /// a piece wider than a line gets a line of its own. No final newline.
    static func wrap(_ lead: String, _ pieces: [Piece], width: Int) -> String {
        var out = lead + (pieces.first?.text ?? "")
        var column = out.unicodeScalars.count
        for piece in pieces.dropFirst() {
            let length = piece.separator.unicodeScalars.count + 1 + piece.text.unicodeScalars.count
            if column + 1 + length <= width {
                out += " \(piece.separator) \(piece.text)"
                column += 1 + length
            } else {
                out += "\n\(indent)\(piece.separator) \(piece.text)"
                column = indent.count + length
            }
        }
        return out
    }
}
