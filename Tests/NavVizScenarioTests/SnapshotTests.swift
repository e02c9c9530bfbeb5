import NavVizCore
import NavVizScenario
import Testing

/// A canonical snapshot using every key, in the order navviz writes them.
private let canonical = """
    {
      "id": "shopTabs",
      "kind": "tab",
      "class": "ShopTabBarController",
      "children": [
        {
          "id": "shopNav",
          "kind": "navigation",
          "children": [
            {
              "id": "Home",
              "kind": "controller",
              "screen": "Home",
              "title": "Home",
              "class": "HomeViewController",
              "children": []
            },
            {
              "id": "Product",
              "kind": "controller",
              "screen": "Product",
              "children": [],
              "loaded": false
            }
          ]
        },
        {
          "id": "settingsSplit",
          "kind": "split",
          "children": [
            {
              "id": "settingsNav",
              "kind": "navigation",
              "children": [
                {
                  "id": "Settings",
                  "kind": "controller",
                  "screen": "Settings",
                  "children": []
                }
              ],
              "role": "primary"
            },
            {
              "id": "General",
              "kind": "controller",
              "screen": "General",
              "children": [],
              "role": "secondary"
            }
          ],
          "collapsed": false
        },
        {
          "id": "feed",
          "kind": "activity",
          "children": [
            {
              "id": "Inbox",
              "kind": "controller",
              "screen": "Inbox",
              "children": [],
              "key": "inbox"
            }
          ],
          "active": "inbox"
        }
      ],
      "selected": 0,
      "presented": {
        "id": "SignIn",
        "kind": "controller",
        "screen": "SignIn",
        "children": [],
        "style": "formSheet",
        "definesPresentationContext": true
      }
    }

    """

/// The same value with every object's members reversed.
private func reversed(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let members): .object(members.reversed().map { ($0.0, reversed($0.1)) })
    case .array(let items): .array(items.map(reversed))
    default: value
    }
}

private func roundTrip(_ text: String) throws -> String {
    JSONWriter.pretty(Snapshot.encode(try Snapshot.decode(JSONParser.parse(text), file: "snap.json")))
}

private func messages(_ text: String, path: String = "") throws -> [String] {
    let value = try JSONParser.parse(text)
    do {
        _ = try Snapshot.decode(value, file: "snap.json", path: path)
        return []
    } catch {
        return error.errors.map(\.description)
    }
}

@Suite struct SnapshotTests {
    @Test func canonicalSnapshotRoundTripsByteForByte() throws {
        #expect(try roundTrip(canonical) == canonical)
    }

    @Test func encodingPutsKeysInTheCanonicalOrder() throws {
        let shuffled = JSONWriter.pretty(reversed(try JSONParser.parse(canonical)))
        #expect(shuffled != canonical)
        #expect(try roundTrip(shuffled) == canonical)
    }

    @Test func encodedKeyOrderIsFixed() throws {
        let node = try #require(Snapshot.encode(Snapshot.decode(JSONParser.parse(canonical), file: "snap.json")).objectMembers)
        #expect(node.map(\.0) == ["id", "kind", "class", "children", "selected", "presented"])
        let presented = try #require(node.last?.1.objectMembers)
        #expect(presented.map(\.0) == ["id", "kind", "screen", "children", "style", "definesPresentationContext"])
    }

    /// A navigation controller's `definesPresentationContext` is true unless written (UIKit's default): written only
    /// where it is not its kind's default, `false` on a navigation controller, `true` on any other.
    @Test func definesPresentationContextIsWrittenWhereItIsNotTheKindsDefault() throws {
        let text =
            #"{"id": "tabs", "kind": "tab", "children": [{"id": "a", "kind": "navigation", "children": [{"id": "A", "kind": "controller", "children": []}]}, {"id": "b", "kind": "navigation", "children": [{"id": "B", "kind": "controller", "children": []}], "definesPresentationContext": false}], "selected": 0, "definesPresentationContext": true}"#
        let h = try Snapshot.decode(JSONParser.parse(text), file: "snap.json")
        #expect(h["a"].definesPresentationContext)
        #expect(!h["b"].definesPresentationContext)
        #expect(h["tabs"].definesPresentationContext)
        #expect(h["A"].definesPresentationContext == false)
        let written = JSONWriter.compact(Snapshot.encode(h))
        #expect(written.components(separatedBy: "definesPresentationContext").count == 3)
        #expect(
            written.contains(
                #""id":"b","kind":"navigation","children":[{"id":"B","kind":"controller","children":[]}],"definesPresentationContext":false"#
            ))
        #expect(try Snapshot.decode(JSONParser.parse(written), file: "snap.json") == h)
    }

    @Test func emptyWindowIsNull() throws {
        let empty = try Snapshot.decode(.null, file: "snap.json")
        #expect(empty.root == nil)
        #expect(Snapshot.encode(empty) == .null)
    }

    @Test func decodingFillsCanonicalDefaults() throws {
        let text =
            #"{"id": "t", "kind": "tab", "children": [{"id": "A", "kind": "controller"}], "presented": {"id": "P", "kind": "controller"}}"#
        #expect(
            JSONWriter.compact(Snapshot.encode(try Snapshot.decode(JSONParser.parse(text), file: "snap.json")))
                == #"{"id":"t","kind":"tab","children":[{"id":"A","kind":"controller","children":[]}],"selected":0,"presented":{"id":"P","kind":"controller","children":[],"style":"automatic"}}"#
        )
    }

    @Test func everyStateOfTheSampleRunRoundTrips() throws {
        for url in try PackagePaths.samples() {
            let scenario = try ScenarioDecoder.decode(PackagePaths.text(url), file: url.lastPathComponent)
            let run = ScenarioRunner.run(scenario)
            for step in run.steps {
                let text = JSONWriter.pretty(Snapshot.encode(step.hierarchy))
                #expect(try roundTrip(text) == text, "\(url.lastPathComponent) step \(step.index)")
            }
        }
    }

    @Test(arguments: [
        ("[]", ["snap.json: (top level): expected a snapshot node object, found an array"]),
        (#"{"kind": "tab"}"#, ["snap.json: (top level): missing field 'id'"]),
        (#"{"id": "", "kind": "tab"}"#, ["snap.json: id: invalid value '', expected a non-empty string"]),
        (#"{"id": 3, "kind": "tab"}"#, ["snap.json: id: expected a non-empty string, found a number"]),
        (#"{"id": "a"}"#, ["snap.json: (top level): missing field 'kind'"]),
        (
            #"{"id": "a", "kind": "navigaton"}"#,
            [
                "snap.json: kind: invalid value 'navigaton', expected one of 'controller', 'navigation', 'tab', 'split', 'activity', 'stack', 'notifications', 'view'. Did you mean 'navigation'?"
            ]
        ),
        (
            #"{"id": "a", "kind": 1}"#,
            [
                "snap.json: kind: invalid value '1', expected one of 'controller', 'navigation', 'tab', 'split', 'activity', 'stack', 'notifications', 'view'"
            ]
        ),
        (#"{"id": "a", "kind": "controller", "titel": "x"}"#, ["snap.json: titel: unknown field 'titel'. Did you mean 'title'?"]),
        (#"{"id": "a", "kind": "controller", "title": 7}"#, ["snap.json: title: expected a string, found a number"]),
        (
            #"{"id": "t", "kind": "tab", "children": [{"id": "A", "kind": "controller"}, {"id": "B", "kind": "ctrl"}]}"#,
            [
                "snap.json: children[1].kind: invalid value 'ctrl', expected one of 'controller', 'navigation', 'tab', 'split', 'activity', 'stack', 'notifications', 'view'"
            ]
        ),
        (
            #"{"id": "a", "kind": "navigation", "children": [{"id": "a", "kind": "controller"}]}"#,
            ["snap.json: children[0].id: duplicate id 'a': every node needs its own id (the first is the root's id)"]
        ),
        (
            #"{"id": "t", "kind": "tab", "children": [{"id": "A", "kind": "controller"}], "selected": 3}"#,
            ["snap.json: selected: invalid value '3', expected an index from 0 to 0"]
        ),
        // Into no children too (a trial's was taken, and drawn "0 tabs · selected: 3").
        (
            #"{"id": "t", "kind": "tab", "children": [], "selected": 3}"#,
            ["snap.json: selected: invalid value '3', expected no index: it has no children"]
        ),
        (
            #"{"id": "t", "kind": "tab", "selected": -1}"#,
            ["snap.json: selected: invalid value '-1', expected a whole number of at least 0"]
        ),
        (
            #"{"id": "t", "kind": "tab", "selected": 999999999999}"#,
            ["snap.json: selected: invalid value '999999999999', expected a whole number below a billion"]
        ),
        (
            #"{"id": "t", "kind": "tab", "selected": 1e300}"#,
            ["snap.json: selected: invalid value '1e+300', expected a whole number below a billion"]
        ),
        (#"{"id": "t", "kind": "tab", "selected": "0"}"#, ["snap.json: selected: expected a whole number, found a string"]),
        (
            #"{"id": "s", "kind": "split", "children": [{"id": "A", "kind": "controller", "role": "main"}]}"#,
            ["snap.json: children[0].role: invalid value 'main', expected 'primary', 'supplementary' or 'secondary'"]
        ),
        (
            #"{"id": "s", "kind": "split", "collapsed": "no", "children": [{"id": "A", "kind": "controller"}]}"#,
            ["snap.json: collapsed: expected true or false, found a string"]
        ),
        // As strict as a scenario: a split has a primary column and each role once; an activity's active key is a child's.
        (
            #"{"id": "s", "kind": "split", "children": []}"#,
            ["snap.json: children: a split has one to three columns (primary, supplementary, secondary), not 0"]
        ),
        (
            #"{"id": "s", "kind": "split", "children": [{"id": "A", "kind": "controller", "role": "secondary"}]}"#,
            ["snap.json: children: a split needs a 'primary' column"]
        ),
        (
            #"{"id": "s", "kind": "split", "children": [{"id": "A", "kind": "controller", "role": "primary"}, {"id": "B", "kind": "controller", "role": "primary"}]}"#,
            ["snap.json: children[1].role: two columns are 'primary': each role once"]
        ),
        (
            #"{"id": "s", "kind": "split", "children": [{"id": "A", "kind": "controller", "role": "primary"}, {"id": "B", "kind": "controller"}]}"#,
            ["snap.json: children[1]: missing field 'role'"]
        ),
        (
            #"{"id": "a", "kind": "activity", "active": "feeed", "children": [{"id": "F", "kind": "controller", "key": "feed"}]}"#,
            ["snap.json: active: invalid value 'feeed', expected the key of one of its children. Did you mean 'feed'?"]
        ),
        (
            #"{"id": "a", "kind": "controller", "children": {}}"#,
            ["snap.json: children: expected an array of snapshot nodes, found an object"]
        ),
        (
            #"{"id": "a", "kind": "controller", "presented": "B"}"#,
            ["snap.json: presented: expected a snapshot node object, found a string"]
        ),
        (
            #"{"id": "a", "kind": "controller", "presented": {"id": "B", "kind": "controller", "style": "sheet"}}"#,
            [
                "snap.json: presented.style: invalid value 'sheet', expected one of 'automatic', 'pageSheet', 'fullScreen', 'formSheet', 'overFullScreen', 'currentContext', 'overCurrentContext', 'popover', 'custom'"
            ]
        ),
        (
            #"{"id": "a", "kind": "controller", "presented": {"id": "B", "kind": "controller", "style": "formsheet"}}"#,
            [
                "snap.json: presented.style: invalid value 'formsheet', expected one of 'automatic', 'pageSheet', 'fullScreen', 'formSheet', 'overFullScreen', 'currentContext', 'overCurrentContext', 'popover', 'custom'. Did you mean 'formSheet'?"
            ]
        ),
    ])
    func decodeErrorsNameTheJSONPath(text: String, expected: [String]) throws {
        #expect(try messages(text) == expected)
    }

    @Test func decodeCollectsEveryErrorInOrder() throws {
        let text =
            #"{"id": "t", "kind": "tab", "colapsed": true, "children": [{"id": "A"}, {"id": "B", "kind": "controller", "loaded": "yes"}], "presented": {"kind": "controller"}}"#
        #expect(
            try messages(text) == [
                "snap.json: colapsed: unknown field 'colapsed'. Did you mean 'collapsed'?",
                "snap.json: children[0]: missing field 'kind'",
                "snap.json: children[1].loaded: expected true or false, found a string",
                "snap.json: presented: missing field 'id'",
            ])
    }

    @Test func decodePathsStartAtTheGivenPath() throws {
        #expect(
            try messages(#"{"id": "a", "kind": "controller", "children": [{"id": "b"}]}"#, path: "hierarchy") == [
                "snap.json: hierarchy.children[0]: missing field 'kind'"
            ])
    }
}
