#!/usr/bin/env python3
"""make e2e, part 2: every Mermaid diagram navviz writes, read by the real Mermaid in headless Chromium.

Mermaid's JavaScript is not packaged by Debian, and npm is not reachable here; two PyPI packages ship its
standalone `mermaid.min.js`: `pymermaid` 1.4.3 has Mermaid 8.10.1 (inside a Python string), `artoo-mermaid`
11.16.0 has Mermaid 11.16.0 (a file; GitHub draws with an 11.x). Both are downloaded by name and version into
.build/e2e-python, checked, and the file is extracted. navviz writes Mermaid 8.10's flowchart subset, which later
versions read too.

What is checked, for every diagram of every sample (`render --format mermaid`), of the real captures in
Tests/Fixtures/captures and shapes Mermaid 8.10 once failed on (focused and `--expand all`, the samples too), of a
hostile-title scenario, and of a `diff --format markdown` comment between two versions of a sample, with each Mermaid
version: `mermaid.parse` accepts it and `mermaid.render` draws an SVG with one box per node; every box and subgraph is
drawn inside the subgraph it is declared in, siblings read in order (no later one wholly above an earlier one, or
left of it on its line), and the edges drawn without a stroke are the ordering links and no other.
Mermaid 11 widens a subgraph whose one-line title is wider than its content after its parent was sized, by the same
amount on both sides: that is counted and printed, not failed. Hostile user text shows as literal text and injects
no element. Screenshots of the rendered comment are kept in navviz-artifacts/mermaid-comment-11.png and -8.png.

Usage: scripts/mermaid_check.py path/to/navviz
"""

import base64
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import e2e  # noqa: E402  (the DevTools client and the check counter)

PYMERMAID = "pymermaid==1.4.3"
MERMAID_VERSION = "8.10.1"
ARTOO = "artoo-mermaid==11.16.0"
MERMAID_11 = "11.16.0"
# The sha256 of artoo_mermaid/assets/mermaid.min.js, as the wheel's RECORD names it.
MERMAID_11_SHA256 = "dNfEbavKMowilHM5EKiqHtDDdFF3bo1Sldo4ordY-5s"
CACHE = os.path.join(".build", "e2e-python")
ROW = 6  # MermaidBuilder.rowLength: siblings beyond it wrap, and rows are not linked to each other

# Shapes Mermaid 8.10 failed to draw ("Cannot set properties of undefined (setting 'rank')"), as captures: a stack's
# top embedding children, in a tab bar, in a custom root beside a banner (a readability trial's app); a stack of seven,
# three deep, whose top embeds a navigation controller (a review's). MermaidShapeTests reads them too.
SHAPE_CAPTURES = sorted(glob.glob("Tests/Fixtures/mermaid/*.txt"))

# Presentations from inside a container (a navigation controller that defines the context, titled with ` --- `, which
# once hid the arrow), and an empty container three deep beside a subgraph.
SHAPES = {
    "navviz": 1,
    "name": "Shapes",
    "root": {"tabs": [{"navigation": ["Home", "Detail"], "id": "shopNav", "title": "Shop --- Deals",
                       "definesPresentationContext": True},
                      {"navigation": ["Cart"], "id": "cartNav"}, "More"], "selected": 0, "id": "tabs"},
    "steps": [
        {"op": "present", "node": "Share", "style": "overCurrentContext"},
        {"op": "dismiss"},
        {"op": "present", "node": {"navigation": ["Share"], "id": "shareNav"}, "style": "currentContext"},
        {"op": "present", "node": {"screen": "Shell", "visible": 0, "children": [
            {"tabs": [{"navigation": ["Feed", {"screen": "Post", "visible": 0, "children": [
                {"activities": {}, "id": "empty"}, {"navigation": ["Comments"], "id": "commentsNav"}]}]}, "Me"],
             "id": "innerTabs"}]}, "style": "fullScreen"},
    ],
}

HOSTILE = {
    "navviz": 1,
    "name": "Hostile \"title\" <img src=x onerror=alert(1)> # ; `tick` %% end",
    "root": {"navigation": [{"screen": "Home\"]; click n1 call alert(1) %%", "id": "home"}]},
    "steps": [
        {"op": "push", "node": {"screen": "<b>bold</b> & end", "id": "end"}, "note": "```mermaid\ngraph TD; x-->y```"},
        # Mermaid 11 reads `\n` and `fa:fa-…` after decoding its entity codes (a review: a line break and an icon).
        {"op": "push", "node": {"screen": "Files", "title": "C:\\new docs fa:fa-star"}},
    ],
}


def mermaid_js():
    """The path of mermaid.min.js, extracted from pymermaid (installed from PyPI when missing)."""
    target = os.path.join(CACHE, "mermaid.min.js")
    if os.path.exists(target):
        return target
    os.makedirs(CACHE, exist_ok=True)
    wheels = os.path.join(CACHE, "wheels")
    print(f"mermaid: downloading {PYMERMAID} from PyPI (Mermaid {MERMAID_VERSION})")
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", PYMERMAID, "-d", wheels], check=True)
    wheel = glob.glob(os.path.join(wheels, "pymermaid-1.4.3-*.whl"))[0]
    source = zipfile.ZipFile(wheel).read("pymermaid/mermaid_js.py").decode()
    script = source[source.index("r'''") + 4:source.rindex("'''")]
    if f'"version":"{MERMAID_VERSION}"' not in script:
        sys.exit(f"mermaid: {wheel} does not hold Mermaid {MERMAID_VERSION}")
    with open(target, "w") as f:
        f.write(script)
    return target


def mermaid11_js():
    """The path of Mermaid 11.16.0's mermaid.min.js, extracted from artoo-mermaid (it asks for Python 3.12, and is
    only a file of JavaScript, so its wheel is fetched for 3.12 and never installed)."""
    target = os.path.join(CACHE, "mermaid11.min.js")
    if os.path.exists(target):
        return target
    wheels = os.path.join(CACHE, "wheels")
    print(f"mermaid: downloading {ARTOO} from PyPI (Mermaid {MERMAID_11})")
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--python-version", "3.12",
                    "--only-binary=:all:", ARTOO, "-d", wheels], check=True)
    wheel = glob.glob(os.path.join(wheels, "artoo_mermaid-11.16.0-*.whl"))[0]
    script = zipfile.ZipFile(wheel).read("artoo_mermaid/assets/mermaid.min.js")
    digest = base64.urlsafe_b64encode(hashlib.sha256(script).digest()).decode().rstrip("=")
    if digest != MERMAID_11_SHA256:
        sys.exit(f"mermaid: {wheel}'s mermaid.min.js has sha256 {digest}, not {MERMAID_11_SHA256}")
    with open(target + ".tmp", "wb") as f:
        f.write(script)
    os.replace(target + ".tmp", target)
    return target


def tree(text):
    """What a navviz Mermaid text declares: {id: parent subgraph or None}, {subgraph: children in drawing order, by
    id}, and which ids are subgraphs (navviz numbers ids in drawing order; it may declare a child subgraph first)."""
    parent, children, subgraphs, open_ = {}, {}, [], []
    for line in text.splitlines():
        line = line.strip()
        m = re.match(r"subgraph (n\d+) ", line) or re.match(r"(n\d+)[\[(]", line)
        if m:
            parent[m.group(1)] = open_[-1] if open_ else None
            if open_:
                children.setdefault(open_[-1], []).append(m.group(1))
            if line.startswith("subgraph "):
                subgraphs.append(m.group(1))
                open_.append(m.group(1))
        elif line == "end":
            open_.pop()
    for kids in children.values():
        kids.sort(key=lambda i: int(i[1:]))
    return {"parent": parent, "children": children, "subgraphs": subgraphs}


# Draws one diagram with the page's Mermaid (8.10's synchronous API or 11's promises) into #out, and measures every
# box against the subgraph it is declared in, and every pair of siblings against their order.
DRAW = """async (text, id) => {
  const out = document.getElementById('out'); out.innerHTML = '';
  let svg;
  if (mermaid.run) { await mermaid.parse(text); svg = (await mermaid.render(id, text)).svg; }
  else { mermaid.parse(text); svg = mermaid.mermaidAPI.render(id, text); }
  out.innerHTML = svg;
}"""

MEASURE = """async (text, tree, id, row) => {
  const out = document.getElementById('out');
  try { await (%s)(text, id); }
  catch (e) { return {error: String((e && (e.str || e.message)) || e).slice(0, 300)}; }""" % DRAW + """
  const root = out.querySelector('svg');
  root.style.maxWidth = 'none';
  const nodes = root.querySelectorAll('g.node').length;
  const box = (i) => {
    let el = tree.subgraphs.includes(i)
      ? (root.querySelector('g.cluster[id="' + i + '"] rect') || root.querySelector('g.cluster[id$="-' + i + '"] rect'))
      : null;
    if (!el) el = [...root.querySelectorAll('g.node')].find(g => new RegExp('(^|-)' + i + '(-|$)').test(g.id));
    if (!el) return null;
    const b = el.getBoundingClientRect();
    return {x: b.left, y: b.top, r: b.right, b: b.bottom};
  };
  const slack = 1.5, contain = [], widened = [], order = [], missing = [];
  // The edges drawn with no stroke: the ordering links, and no other.
  const hidden = [...root.querySelectorAll('g.edgePaths path')].filter(p => parseFloat(getComputedStyle(p).strokeWidth) === 0).length;
  for (const [child, par] of Object.entries(tree.parent)) {
    if (!par) continue;
    const c = box(child), p = box(par);
    if (!c || !p) { missing.push(child + ' in ' + par); continue; }
    const l = p.x - c.x, r = c.r - p.r;
    if (c.y < p.y - slack || c.b > p.b + slack) contain.push(child + ' outside ' + par + ' vertically');
    else if (l > slack || r > slack) (Math.abs(l - r) <= 1 ? widened : contain).push(
      child + ' outside ' + par + ' by ' + Math.round(l) + ' px left, ' + Math.round(r) + ' px right');
  }
  // Siblings read in order, every pair of them: a later one is never wholly above an earlier one, nor left of it on
  // the same line (a review: comparing neighbours only, right of or below, passed 0, 1, 6, 7, 2… in rows of six).
  for (const [par, kids] of Object.entries(tree.children)) {
    const boxes = kids.map(box);
    for (let k = 0; k < kids.length; k++) {
      for (let m = k + 1; m < kids.length; m++) {
        const a = boxes[k], b = boxes[m];
        if (!a || !b) continue;
        const above = b.b <= a.y + slack, level = !above && b.y < a.b - slack;
        if (above || (level && b.r <= a.x + slack)) order.push(kids[m] + ' reads before ' + kids[k] + ' in ' + par);
      }
    }
  }
  return {nodes, contain, widened, order, missing, hidden};
}"""


def draw_all(page, found, version):
    """Draws every diagram with the loaded Mermaid; returns the failures and the widened subgraphs, in words."""
    failures, widened = [], []
    for index, (name, text) in enumerate(found):
        shape = tree(text)
        result = page.evaluate(f"({MEASURE})({json.dumps(text)}, {json.dumps(shape)}, 'd{index}', {ROW})")
        # One box per controller, and Mermaid draws an empty subgraph (an empty container) as a box too.
        expected = len(re.findall(r"^\s*n\d+[\[(]", text, re.M)) + len(re.findall(r"^\s*subgraph .*\n\s*end$", text, re.M))
        if not isinstance(result, dict) or "error" in result:
            failures.append(f"{name}: {result.get('error') if isinstance(result, dict) else result}")
            continue
        problems = result["contain"] + result["order"] + [f"{m} not found" for m in result["missing"]]
        if result["nodes"] != expected:
            problems.append(f"{result['nodes']} boxes drawn, expected {expected}")
        links = len(re.findall(r"^\s*n\d+ --- n\d+$", text, re.M))
        if result["hidden"] != links:
            problems.append(f"{result['hidden']} edges drawn hidden, expected the {links} ordering links")
        failures += [f"{name}: {p}" for p in problems]
        widened += [f"{name}: {w}" for w in result["widened"]]
    return failures, widened


def diagrams(navviz, scratch):
    """(name, mermaid text) for every diagram navviz writes for the samples, a hostile scenario and a diff."""
    found = []
    out = os.path.join(scratch, "out")
    subprocess.run([navviz, "render", "Samples", "--format", "mermaid", "-o", out], check=True, stdout=subprocess.DEVNULL)
    for path in sorted(glob.glob(os.path.join(out, "*", "*.mmd")) + glob.glob(os.path.join(out, "*", "*", "*.mmd"))):
        with open(path) as f:
            found.append((os.path.relpath(path, out), f.read()))
    hostile = os.path.join(scratch, "hostile.json")
    with open(hostile, "w") as f:
        json.dump(HOSTILE, f)
    subprocess.run([navviz, "render", hostile, "--format", "mermaid", "-o", os.path.join(scratch, "hostile")], check=True,
                   stdout=subprocess.DEVNULL)
    with open(os.path.join(scratch, "hostile", "hostile", "README.md")) as f:
        blocks = re.findall(r"```mermaid\n(.*?)```\n", f.read(), re.S)
    found += [(f"hostile README block {i}", text) for i, text in enumerate(blocks)]
    # Real captures (Tests/Fixtures/captures, sources in SOURCES.md there), the shapes Mermaid 8.10 failed to draw, and
    # presentations from inside a container with an empty container three deep.
    extra = [os.path.join(scratch, "shapes.json")]
    with open(extra[0], "w") as f:
        json.dump(SHAPES, f)
    captures = sorted(glob.glob("Tests/Fixtures/captures/[0-9]*.txt")) + SHAPE_CAPTURES
    # Focused and in full (`--expand all`: containers of more than six, deeper nesting), the samples too.
    seen = {text for _, text in found}
    for expand in ("focus", "all"):
        for label, inputs in (("captures", captures), ("shapes", extra), ("samples", ["Samples"])):
            if label == "samples" and expand == "focus":
                continue
            drawn = os.path.join(scratch, f"{label}-{expand}")
            subprocess.run([navviz, "render", *inputs, "--format", "mermaid", "--expand", expand, "-o", drawn], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for path in sorted(glob.glob(os.path.join(drawn, "**", "*.mmd"), recursive=True)):
                with open(path) as f:
                    text = f.read()
                if text not in seen and not path.endswith("flow.mmd"):
                    seen.add(text)
                    found.append((f"{os.path.relpath(path, drawn)} (--expand {expand})", text))
    with open("Samples/uikit-containers.json") as f:
        newer = json.load(f)
    newer["steps"].insert(2, {"op": "push", "node": "Wishlist", "note": "A new screen"})
    new_path = os.path.join(scratch, "uikit-containers.json")
    with open(new_path, "w") as f:
        json.dump(newer, f)
    comment = subprocess.run([navviz, "diff", "Samples/uikit-containers.json", new_path, "--format", "markdown"],
                             capture_output=True, text=True).stdout
    blocks = re.findall(r"```mermaid\n(.*?)```\n", comment, re.S)
    found += [(f"diff comment block {i}", text) for i, text in enumerate(blocks)]
    return found, comment, blocks


def main():
    navviz = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/navviz")
    os.makedirs(e2e.ARTIFACTS, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="navviz-mermaid-")
    browser = None
    try:
        shutil.copy(mermaid_js(), os.path.join(scratch, "mermaid.min.js"))
        shutil.copy(mermaid11_js(), os.path.join(scratch, "mermaid11.min.js"))
        found, comment, comment_blocks = diagrams(navviz, scratch)
        e2e.check(len(comment_blocks) >= 1, "the diff comment embeds a Mermaid diagram of the inserted step")
        e2e.check("+ added" in comment_blocks[0] and "Wishlist" in comment_blocks[0],
                  "the inserted step's diagram marks the added controller")
        for script, init in (("mermaid11.min.js", "mermaid.initialize({startOnLoad: false, securityLevel: 'strict'});"),
                             ("mermaid.min.js", "mermaid.initialize({startOnLoad: false, securityLevel: 'strict'});")):
            with open(os.path.join(scratch, script + ".html"), "w") as f:
                # UTF-8 said: Mermaid 11's entity decoding matches literal non-ASCII characters, and read as windows-1252
                # it left `#34;` as `ﬂ°°34¶ß` in every label.
                f.write(f'<html><head><meta charset="utf-8"></head><body style="background:#fff"><div id="out"></div>'
                        f'<script src="{script}"></script>'
                        f'<script>{init}</script></body></html>')

        browser, page = e2e.start_browser(scratch, "mermaid-chromium.log", extra=("--allow-file-access-from-files",))
        for script, version in (("mermaid11.min.js", MERMAID_11), ("mermaid.min.js", MERMAID_VERSION)):
            page.call("Page.navigate", url="file://" + os.path.join(scratch, script + ".html"))
            e2e.check(page.wait_for(f"typeof mermaid !== 'undefined' && mermaid.mermaidAPI !== undefined"
                                    f" && document.querySelector('script[src=\"{script}\"]') !== null"),
                      f"Mermaid {version} loads in Chromium")
            failures, widened = draw_all(page, found, version)
            e2e.check(not failures, f"Mermaid {version} draws all {len(found)} diagrams with every node, every box inside its "
                      "subgraph and siblings in order" + ("" if not failures else
                                                          f" ({len(failures)} failures):\n      " + "\n      ".join(failures[:8])))
            if widened:
                print(f"mermaid: {version} widened {len(widened)} subgraph(s) for a title wider than their content "
                      f"(Mermaid's own), e.g. {widened[0]}")

            hostile = [text for name, text in found if name.startswith("hostile README")]
            shown = page.evaluate(
                f"(async () => {{ await ({DRAW})({json.dumps(hostile[-1])}, 'hostile');"
                " const out = document.getElementById('out');"
                " return {text: out.textContent,"
                " injected: out.querySelectorAll('img, b, script, a, i').length}; })()")
            text = shown["text"].replace("\u200b", "")
            e2e.check("<b>bold</b> & end" in text and "C:\\new docs fa:fa-star" in text and shown["injected"] == 0,
                      f"a hostile title shows as literal text and injects no element or icon (Mermaid {version})")

            # The visible controller stays blue, its mark a border: it was filled with the mark's colour, a thin blue
            # border all that said it was visible (a readability trial).
            paint = page.evaluate(
                f"(async () => {{ await ({DRAW})({json.dumps(comment_blocks[0])}, 'comment');"
                " const node = [...document.querySelectorAll('#out g.node')].find(g => g.textContent.includes('Wishlist'));"
                " const shape = node && node.querySelector('rect, path, polygon');"
                " return shape ? [getComputedStyle(shape).fill, getComputedStyle(shape).stroke] : null; })()")
            e2e.check(paint == ["rgb(9, 105, 218)", "rgb(26, 127, 55)"],
                      f"the visible added controller is filled blue with the added mark's border (Mermaid {version}: {paint})")
            page.screenshot(os.path.join(e2e.ARTIFACTS, f"mermaid-comment-{version.split('.')[0]}.png"))
        with open(os.path.join(e2e.ARTIFACTS, "mermaid-comment.md"), "w") as f:
            f.write(comment)
    finally:
        if browser:
            browser.terminate()
            browser.wait(10)
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"mermaid: {e2e.passed} passed, {e2e.failed} failed")
    print(f"mermaid: the rendered diff comment is in {e2e.ARTIFACTS}/mermaid-comment-11.png and mermaid-comment-8.png")
    sys.exit(1 if e2e.failed else 0)


if __name__ == "__main__":
    main()
