#!/usr/bin/env python3
"""make e2e, part 2: every Mermaid diagram navviz writes, read by the real Mermaid in headless Chromium.

Mermaid's JavaScript is not packaged by Debian, and npm is not reachable here; PyPI's `pymermaid`
1.4.3 ships the standalone `mermaid.min.js` of Mermaid 8.10.1 (inside a Python string), so it is
installed by name and version into .build/e2e-python and the file is extracted from it. navviz writes
Mermaid 8.10's flowchart subset, which later Mermaid versions (GitHub's, GitLab's) read too.

What is checked, for every diagram of every sample (`render --format mermaid`), of the real captures in
Tests/Fixtures/captures and a nested shape Mermaid 8.10 once failed on, of a hostile-title scenario, and of a `diff --format markdown` comment between two versions of a sample:
`mermaid.parse` accepts it and `mermaid.render` draws an SVG with one box per node; hostile user text
shows as literal text and injects no element. A screenshot of the rendered comment is kept in
navviz-artifacts/mermaid-comment.png.

Usage: scripts/mermaid_check.py path/to/navviz
"""

import glob
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
CACHE = os.path.join(".build", "e2e-python")

NESTED = """<App.RootViewController 0x1>, state: appeared, view: <UIView 0x2>
   | <UITabBarController 0x3>, state: appeared, view: <UILayoutContainerView 0x4>
   |    | <UINavigationController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>
   |    |    | <App.FeedViewController 0x7>, state: disappeared, view: <UIView 0x8> not in the window
   |    |    | <App.EditorViewController 0x9>, state: appeared, view: <UIView 0xa>
   |    |    |    | <App.PlayerViewController 0xb>, state: appeared, view: <UIView 0xc>
   |    |    |    | <App.DrawerViewController 0xd>, state: appeared, view: <UIView 0xe>
   |    | <UINavigationController 0xf>, state: disappeared, view: (view not loaded)
   |    |    | <App.InboxViewController 0x10>, state: disappeared, view: (view not loaded)
   | <App.BannerViewController 0x11>, state: appeared, view: <UIView 0x12>
"""

HOSTILE = {
    "navviz": 1,
    "name": "Hostile \"title\" <img src=x onerror=alert(1)> # ; `tick` %% end",
    "root": {"navigation": [{"screen": "Home\"]; click n1 call alert(1) %%", "id": "home"}]},
    "steps": [
        {"op": "push", "node": {"screen": "<b>bold</b> & end", "id": "end"}, "note": "```mermaid\ngraph TD; x-->y```"},
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
    # Real captures (Tests/Fixtures/captures, sources in SOURCES.md there), and a shape Mermaid 8.10 failed to draw
    # ("Cannot set properties of undefined (setting 'rank')"): a stack's top embedding children, in a tab bar, in a
    # custom root beside a banner (a readability trial's app).
    nested = os.path.join(scratch, "nested-embedding.txt")
    with open(nested, "w") as f:
        f.write(NESTED)
    captures = sorted(glob.glob("Tests/Fixtures/captures/[0-9]*.txt")) + [nested]
    captured = os.path.join(scratch, "captures")
    subprocess.run([navviz, "render", *captures, "--format", "mermaid", "-o", captured], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for path in sorted(glob.glob(os.path.join(captured, "*", "states", "*.mmd"))):
        with open(path) as f:
            found.append((os.path.relpath(path, captured), f.read()))
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
        found, comment, comment_blocks = diagrams(navviz, scratch)
        e2e.check(len(comment_blocks) >= 1, "the diff comment embeds a Mermaid diagram of the inserted step")
        e2e.check("+ added" in comment_blocks[0] and "Wishlist" in comment_blocks[0],
                  "the inserted step's diagram marks the added controller")
        with open(os.path.join(scratch, "page.html"), "w") as f:
            f.write('<html><body style="background:#fff"><div id="out"></div><script src="mermaid.min.js"></script>'
                    '<script>mermaid.initialize({startOnLoad: false, securityLevel: "strict"});</script></body></html>')

        browser, page = e2e.start_browser(scratch, "mermaid-chromium.log", extra=("--allow-file-access-from-files",))
        page.call("Page.navigate", url="file://" + os.path.join(scratch, "page.html"))
        e2e.check(page.wait_for("typeof mermaid !== 'undefined' && mermaid.mermaidAPI !== undefined"),
                  f"Mermaid {MERMAID_VERSION} loads in Chromium")

        failures = []
        for index, (name, text) in enumerate(found):
            result = page.evaluate(
                "(() => { const text = " + json.dumps(text) + ";"
                " try { mermaid.parse(text); } catch (e) { return 'parse: ' + (e.str || e.message || e); }"
                " try { const svg = mermaid.mermaidAPI.render('d" + str(index) + "', text);"
                "   const nodes = (svg.match(/class=\"node /g) || []).length;"
                "   return 'ok ' + nodes; } catch (e) { return 'render: ' + (e.str || e.message || e); } })()")
            # One box per controller, and Mermaid draws an empty subgraph (an empty container) as a box too.
            expected = len(re.findall(r"^\s*n\d+[\[(]", text, re.M)) + len(re.findall(r"^\s*subgraph .*\n\s*end$", text, re.M))
            if not (isinstance(result, str) and result == f"ok {expected}"):
                failures.append(f"{name}: {result} (expected {expected} nodes)")
        e2e.check(not failures, f"Mermaid parses and draws all {len(found)} diagrams with every node"
                  + ("" if not failures else ":\n      " + "\n      ".join(failures[:5])))

        hostile = [text for name, text in found if name.startswith("hostile README")]
        shown = page.evaluate(
            "(() => { const out = document.getElementById('out');"
            " out.innerHTML = mermaid.mermaidAPI.render('hostile', " + json.dumps(hostile[-1]) + ");"
            " return {text: out.textContent, injected: out.querySelectorAll('img, b, script, a').length}; })()")
        e2e.check("<b>bold</b> & end" in shown["text"] and shown["injected"] == 0,
                  "a hostile title shows as literal text and injects no element")

        page.evaluate(
            "(() => { const out = document.getElementById('out');"
            " out.innerHTML = mermaid.mermaidAPI.render('comment', " + json.dumps(comment_blocks[0]) + "); return true; })()")
        page.screenshot(os.path.join(e2e.ARTIFACTS, "mermaid-comment.png"))
        with open(os.path.join(e2e.ARTIFACTS, "mermaid-comment.md"), "w") as f:
            f.write(comment)
    finally:
        if browser:
            browser.terminate()
            browser.wait(10)
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"mermaid: {e2e.passed} passed, {e2e.failed} failed")
    print(f"mermaid: the rendered diff comment is in {e2e.ARTIFACTS}/mermaid-comment.png")
    sys.exit(1 if e2e.failed else 0)


if __name__ == "__main__":
    main()
