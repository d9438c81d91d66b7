import FlowEngine

/// Links added, removed and changed, and the URLs of the old release that
/// break (docs/releases.md): each old link's sample URL (9.1) must still match a
/// link and, opened at launch with every guard false, show the same stack.
extension ProgramComparison {
    mutating func compareLinks() {
        let (o, n) = (old.program, new.program)
        // Pair links by pattern, then a removed with an added one of the same target route.
        var newByPattern: [String: Int] = [:]
        for (l, link) in n.links.enumerated() where newByPattern[link.patternText] == nil { newByPattern[link.patternText] = l }
        var pairOf = [Int](repeating: -1, count: o.links.count)
        var paired = [Bool](repeating: false, count: n.links.count)
        for (l, link) in o.links.enumerated() {
            if let match = newByPattern[link.patternText], !paired[match] {
                pairOf[l] = match
                paired[match] = true
            }
        }
        var addedByTarget: [RouteID: [Int]] = [:]
        // (An `over` link has no target route: it pairs by its pattern only.)
        for (l, link) in n.links.enumerated() where !paired[l] && link.route >= 0 {
            addedByTarget[link.route, default: []].append(l)
        }
        for (l, link) in o.links.enumerated() where pairOf[l] < 0 && link.route >= 0 {
            let target = newRoute[Int(link.route)]
            if var candidates = addedByTarget[target], !candidates.isEmpty {
                pairOf[l] = candidates.removeFirst()
                paired[pairOf[l]] = true
                addedByTarget[target] = candidates
            }
        }
        let newLaunch = try? Navigator(program: n)
        // Each link's sample URLs (docs/diagnostics.md#findings-on-the-engines-states: its optional items absent, then present).
        var samples = [[String]](repeating: [], count: o.links.count)
        for sample in o.linkSamples { samples[Int(sample.link)].append(sample.url) }
        for (l, link) in o.links.enumerated() {
            let url = samples[l].first ?? o.sampleURL(of: link)
            var breaks: [String] = []
            // The route a URL showed on top in the old release.
            var shownOnTop: RouteID?
            for url in samples[l] {
                if (try? newLaunch?.match(url)) == nil {
                    breaks.append("\(url) matched `\(link.patternText)`; now it matches no link")
                    continue
                }
                let before = ProgramComparison.opened(url, at: oldLaunch, routes: newRoute)
                let after = ProgramComparison.opened(url, at: newLaunch, routes: nil)
                if before.screen != after.screen { breaks.append("\(url) opened at launch showed \(before.text); now it shows \(after.text)") }
                shownOnTop = shownOnTop ?? oldLaunch.flatMap { launch in
                    var navigator = launch
                    return (try? navigator.open(url)).flatMap { _ in navigator.state.activeIDs?.route }
                }
            }
            let match = pairOf[l]
            if match < 0 {
                add(ReleaseChange(kind: .removed, subject: .link, name: link.patternText, summary: "link \(link.patternText) removed",
                                  breaks: breaks, example: "\(link.patternText) → \(ProgramComparison.target(of: link, in: o))",
                                  place: Places.root(of: n, isNew: true)))
                continue
            }
            let now = n.links[match]
            if now.patternText != link.patternText {
                add(ReleaseChange(kind: .changed, subject: .link, name: link.patternText,
                                  summary: "link \(link.patternText) now reads \(now.patternText)", breaks: breaks,
                                  example: "\(link.patternText) → \(now.patternText)", place: newPlaces.place(of: now.span)))
            } else if !breaks.isEmpty {
                // Told with the change of the route it showed when that route is shown another way.
                let target = shownOnTop.map { "route " + o.qualifiedName($0) } ?? ""
                if let index = changes.firstIndex(where: { "route " + $0.name == target && $0.kind == .changed && !$0.breaks.isEmpty }) {
                    changes[index].breaks += breaks
                    continue
                }
                add(ReleaseChange(kind: .changed, subject: .link, name: link.patternText, summary: "link \(link.patternText) lands elsewhere",
                                  breaks: breaks, example: url, place: newPlaces.place(of: now.targetSpan)))
            }
        }
        for (l, link) in n.links.enumerated() where !paired[l] {
            add(ReleaseChange(kind: .added, subject: .link, name: link.patternText, summary: "link \(link.patternText) added",
                              example: "\(n.sampleURL(of: link)) → \(ProgramComparison.target(of: link, in: n))", place: newPlaces.place(of: link.span)))
        }
    }

    /// Where a link leads: `Shop.product`, or what it does when it presents
    /// or acts over what is shown (`over alert confirm(action: a)`).
    static func target(of link: Link, in program: Program) -> String {
        link.route >= 0 && !link.isOver && link.actionHandler < 0 ? program.qualifiedName(link.route) : program.linkBodyText(link)
    }

    /// What opening `url` at launch shows: as `expect stack` writes it, or
    /// why it is refused; and the screen (each layer's kind and entries)
    /// with the old release's route ids mapped by `routes` to the new one's
    /// (a route it does not have gets an id of its own, below -1), so
    /// that a renamed route shows the same screen.
    static func opened(_ url: String, at launch: Navigator?, routes: [RouteID]?) -> (text: String, screen: [Layer]?) {
        guard var navigator = launch else { return ("nothing (the program does not start)", nil) }
        do {
            try navigator.open(url)
        } catch {
            return ("nothing (refused: \(error.description))", nil)
        }
        let screen = navigator.state.layers.map { layer in
            Layer(kind: layer.kind, stack: layer.stack.map { entry in
                var route = entry.route
                if let routes { route = routes[Int(route)] >= 0 ? routes[Int(route)] : -2 - route }
                return Entry(route: route, instance: 0, arguments: entry.arguments)
            })
        }
        return (navigator.stackDescription, screen)
    }
}
