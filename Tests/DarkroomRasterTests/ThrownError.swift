import Testing

// Swift 6.0 (Debian 13's `swiftlang`) returns nothing from `#expect(throws:)` and
// `#require(throws:)`; Swift 6.1 returns the error. These give it on both.

/// The error of type `E` that `body` throws; nil, with an issue recorded, when it throws
/// none or another.
func expectThrows<E: Error, R>(
  _ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) -> E? {
  do {
    _ = try body()
  } catch let error as E {
    return error
  } catch {
    Issue.record("expected an error of type \(E.self), caught \(error)", sourceLocation: sourceLocation)
    return nil
  }
  Issue.record("expected an error of type \(E.self), nothing was thrown", sourceLocation: sourceLocation)
  return nil
}

/// The error of type `E` that `body` throws; the test stops when it throws none or another.
func requireThrows<E: Error, R>(
  _ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) throws -> E {
  let error = expectThrows(type, sourceLocation: sourceLocation, body)
  return try #require(error, sourceLocation: sourceLocation)
}
