"""Tests of navviz_lldb.py without LLDB: a stand-in `lldb` module answers the expression the way a paused
app does, and a live `navviz serve` (its URL in NAVVIZ_URL) receives the posts. Run by the Swift test
suite (LiveDaemonTests); prints 'N passed, N failed'."""

import os
import sys
import tempfile
import time
import types
import json
import urllib.request

DUMP = """<UINavigationController: 0x10300a000>, state: appeared, view: <UILayoutContainerView: 0x10300b000>
   | <Mail.MessageListViewController: 0x10300e000>, state: appeared, view: <UIView: 0x10300f000>"""


class Error:
    def __init__(self, text=None):
        self.text = text

    def Fail(self):
        return self.text is not None

    def GetCString(self):
        return self.text


class Value:
    def __init__(self, text, error=None):
        self.text, self.error = text, error

    def GetError(self):
        return Error(self.error)

    def GetObjectDescription(self):
        return self.text


class Frame:
    def __init__(self, value):
        self.value, self.expressions = value, []

    def EvaluateExpression(self, expression, options):
        self.expressions.append((expression, options.language))
        return self.value


class Debugger:
    def __init__(self, frame):
        self.frame, self.commands = frame, []

    def GetSelectedTarget(self):
        return self

    def GetProcess(self):
        return self

    def GetSelectedThread(self):
        return self

    def GetSelectedFrame(self):
        return self.frame

    def HandleCommand(self, command):
        self.commands.append(command)


class Result:
    def __init__(self):
        self.messages, self.error = [], None

    def AppendMessage(self, text):
        self.messages.append(text)

    def SetError(self, text):
        self.error = text


class Options:
    def SetLanguage(self, language):
        self.language = language

    def SetTimeoutInMicroSeconds(self, value):
        pass

    def SetTryAllThreads(self, value):
        pass


sys.modules["lldb"] = types.SimpleNamespace(SBExpressionOptions=Options, eLanguageTypeObjC="objc")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import navviz_lldb  # noqa: E402

passed, failed = 0, 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print("FAIL %s %s" % (name, detail))


def run(command, value):
    frame = Frame(value)
    debugger = Debugger(frame)
    result = Result()
    navviz_lldb.navviz(debugger, command, result, {})
    return frame, result


debugger = Debugger(None)
navviz_lldb.__lldb_init_module(debugger, {})
check("registers the command", debugger.commands == ["command script add -f navviz_lldb.navviz navviz"], debugger.commands)

with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "home.txt")
    frame, result = run("capture -o " + path, Value(DUMP))
    check("evaluates _printHierarchy as Objective-C", frame.expressions == [("(id)[UIViewController _printHierarchy]", "objc")])
    check("writes the dump", result.error is None and open(path).read() == DUMP + "\n", result.error)
    check("says where", result.messages == ["wrote " + path], result.messages)

frame, result = run("capture", Value(None, "error: use of undeclared identifier 'UIViewController'"))
check("an expression error is reported", result.error is not None and "could not run _printHierarchy" in result.error, result.error)

frame, result = run("snapshot", Value(DUMP))
check("an unknown subcommand prints the usage", result.error is not None and result.error.startswith("usage: navviz capture"))

# A bad option is said once, as LLDB's error (argparse printed its usage to stderr too).
import contextlib  # noqa: E402
import io  # noqa: E402
stderr = io.StringIO()
with contextlib.redirect_stderr(stderr):
    frame, result = run("capture --bogus", Value(DUMP))
check("a bad option is said once", stderr.getvalue() == "" and result.error is not None
      and result.error.startswith("navviz capture: unrecognized arguments: --bogus\nusage: navviz capture"),
      (stderr.getvalue(), result.error))
stdout = io.StringIO()
with contextlib.redirect_stdout(stdout):
    frame, result = run("capture --help", Value(DUMP))
check("--help prints the help, no error", result.error is None and "Capture the view-controller hierarchy" in stdout.getvalue(),
      result.error)

url = os.environ.get("NAVVIZ_URL")
if url:
    frame, result = run("capture --post %s --session lldbtest" % url, Value(DUMP))
    check("posts to the daemon", result.error is None and "posted step 1 to session 'lldbtest'" in result.messages[0],
          (result.error, result.messages))
    with urllib.request.urlopen(url + "/api/sessions/lldbtest/run") as response:
        run_json = json.loads(response.read())
    check("the session shows the capture", run_json["steps"][-1]["visible"] == "MessageListViewController", run_json["steps"][-1])
    # A session id the daemon refuses is said in its words, not as a daemon that cannot be reached (a trial's space).
    frame, result = run("capture --post %s --session 'my app'" % url, Value(DUMP))
    check("a bad session id is said", result.error is not None and "Invalid session id 'my app'" in result.error, result.error)
    frame, result = run("capture --post %s --session lldbtest" % url, Value("not a dump"))
    check("a refused dump says why", result.error is not None and "the snapshot was refused (400)" in result.error, result.error)
    # A refused first capture leaves no empty session behind (the script created it for the dump).
    frame, result = run("capture --post %s --session refused" % url, Value("not a dump"))
    check("a refused first capture is refused", result.error is not None and "(400)" in result.error, result.error)
    with urllib.request.urlopen(url + "/api/sessions") as response:
        ids = [item["id"] for item in json.loads(response.read())["sessions"]]
    check("a refused first capture leaves no session", "refused" not in ids and "lldbtest" in ids, ids)
    # --kind goes with the dump, as navviz import --kind.
    frame, result = run("capture --post %s --session kinds --kind UINavigationController=controller" % url, Value(DUMP))
    check("posts with a kind", result.error is None, result.error)
    with urllib.request.urlopen(url + "/api/sessions/kinds/run") as response:
        root = json.loads(response.read())["steps"][-1]["hierarchy"]
    check("the kind is taken", root["kind"] == "controller", root)
    # The address as curl takes it, without http:// (a trial's was refused as not http://).
    frame, result = run("capture --post %s --session noscheme" % url.replace("http://", ""), Value(DUMP))
    check("an address without http:// is taken", result.error is None and "posted step 1" in result.messages[0],
          (result.error, result.messages))
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "latin1.txt")
        with open(path, "wb") as handle:
            handle.write(b"\xe9" + DUMP.encode("utf-8"))
        code = navviz_lldb.main(["post", path, "--url", url, "--session", "latin"])
        check("a file that is not UTF-8 is a message, not a traceback", code == 1)

if url:
    # A token for a daemon that has none: said, and the token not sent.
    frame, result = run("capture --post %s --session lldbtest --token stray-token-0123456789" % url, Value(DUMP))
    check("a token for a daemon without one is said", result.error is not None and "has no token" in result.error, result.error)

# What answers without proving the token (another program on the port) gets neither the token nor the dump; a port
# where nothing answers is said to be one.
import http.server  # noqa: E402
import threading  # noqa: E402

seen = []


class Impostor(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        seen.append((self.path, self.headers.get("Authorization")))
        body = b'{"proof": "' + b"0" * 64 + b'"}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_GET

    def log_message(self, *args):
        pass


impostor = http.server.HTTPServer(("127.0.0.1", 0), Impostor)
threading.Thread(target=impostor.serve_forever, daemon=True).start()
impostor_url = "http://127.0.0.1:%d" % impostor.server_address[1]
frame, result = run("capture --post %s --session s --token victim-token-0123456789" % impostor_url, Value(DUMP))
check("an impostor is refused", result.error is not None and "could not prove" in result.error, result.error)
check("an impostor gets no token and no dump", all(auth is None for _, auth in seen) and
      all(path.startswith("/api/proof") for path, _ in seen), seen)
impostor.shutdown()
frame, result = run("capture --post http://127.0.0.1:1 --session s --token victim-token-0123456789", Value(DUMP))
check("a port where nothing answers is said", result.error is not None and "cannot reach navviz serve" in result.error,
      result.error)

# A daemon reached that takes long to answer is not said unreachable: it may still take the capture (a trial's 38,000
# controllers took 11 s, past a 10 s timeout, and the step the daemon took was said as a daemon not reached).
class Slow(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        time.sleep(2)
        self.send_response(404)
        self.end_headers()

    def log_message(self, *args):
        pass


slow = http.server.HTTPServer(("127.0.0.1", 0), Slow)
threading.Thread(target=slow.serve_forever, daemon=True).start()
navviz_lldb.ANSWER_SECONDS = 1
frame, result = run("capture --post http://127.0.0.1:%d --session s" % slow.server_address[1], Value(DUMP))
navviz_lldb.ANSWER_SECONDS = 120
check("a slow answer is said as one", result.error is not None and "did not answer within 1 s: it may still take it" in
      result.error, result.error)
slow.shutdown()

token_url = os.environ.get("NAVVIZ_TOKEN_URL")
if token_url:
    # A daemon with a token: it is taken from NAVVIZ_TOKEN, and sent only to a daemon that proves it holds it.
    os.environ["NAVVIZ_TOKEN"] = "lldb-test-token-0123456789"
    frame, result = run("capture --post %s --session tokened" % token_url, Value(DUMP))
    check("posts with the token from NAVVIZ_TOKEN", result.error is None and "posted step 1" in result.messages[0],
          (result.error, result.messages))
    frame, result = run("capture --post %s --session tokened --token wrong-token-0123456789" % token_url, Value(DUMP))
    check("a daemon that cannot prove the token is not sent it", result.error is not None and
          "could not prove it is the navviz serve that holds the token" in result.error, result.error)
    check("the proof names the address", navviz_lldb.address("http://[::1]:7381/") == "[::1]:7381" and
          navviz_lldb.address("http://127.0.0.1") == "127.0.0.1:80")
    # A proxy in the environment is not used: another user's proxy got the token and the dump (a security review).
    seen.clear()
    proxy = http.server.HTTPServer(("127.0.0.1", 0), Impostor)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    os.environ["http_proxy"] = os.environ["HTTP_PROXY"] = "http://127.0.0.1:%d" % proxy.server_address[1]
    frame, result = run("capture --post %s --session tokened" % token_url, Value(DUMP))
    del os.environ["http_proxy"], os.environ["HTTP_PROXY"]
    proxy.shutdown()
    check("a proxy in the environment is not used", result.error is None and seen == [], (result.error, seen))

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
