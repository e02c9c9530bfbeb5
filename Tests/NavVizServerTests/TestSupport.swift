import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NavVizScenario
import NavVizServer
import Testing

/// A logger that stays quiet in tests.
let quietLogger: Logger = {
    var logger = Logger(label: "navviz-test")
    logger.logLevel = .critical
    return logger
}()

/// Runs `test` against a daemon built in-process, driven through its router.
func withDaemon<Value: Sendable>(
    _ arguments: ServeArguments = ServeArguments(), store: (any SessionStore)? = nil,
    _ test: @Sendable (any TestClientProtocol) async throws -> Value
) async throws -> Value {
    let app = try await buildApplication(arguments, store: store ?? InMemorySessionStore(), logger: quietLogger)
    return try await app.test(.router, test)
}

extension TestClientProtocol {
    /// A POST declared `application/json` unless `headers` names another `Content-Type`.
    func post(_ uri: String, _ body: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        if headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(uri: uri, method: .get, headers: headers)
    }

    func delete(_ uri: String) async throws -> TestResponse {
        try await execute(uri: uri, method: .delete)
    }

    /// Creates the `shop` session: tabs of Home (in a navigation controller) and Cart.
    @discardableResult
    func createShop(id: String = "shop") async throws -> TestResponse {
        try await post(
            "/api/sessions", #"{"id": "\#(id)", "name": "Shop", "root": {"tabs": [{"navigation": ["Home"], "id": "homeNav"}, "Cart"]}}"#)
    }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// The body as JSON.
    var json: JSONValue {
        get throws { try JSONParser.parse(text) }
    }

    /// The error message of an error body.
    var errorMessage: String? { (try? json)?["error"]?["message"]?.stringValue }
}

/// A fresh temporary directory.
func temporaryDirectory(_ name: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}
