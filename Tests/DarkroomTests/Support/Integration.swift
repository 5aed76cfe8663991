import Foundation
import Testing

/// The runs `.ci/run` makes and `swift test` leaves out, so the suite a developer
/// runs stays short: the report in a real browser, renders of the whole
/// showcase, exhaustive renderer equivalences, and tests that race threads or read
/// large inputs to show a cost stays bounded. Each is a suite nested in this one,
/// kept in the folder of what it tests; `.ci/run` runs them with
/// `DARKROOM_INTEGRATION_TESTS=1 swift test --filter DarkroomTests.Integration`.
@Suite(
  "Integration (run by .ci/run)",
  .enabled(if: integrationTestsEnabled, "run by .ci/run: DARKROOM_INTEGRATION_TESTS=1 swift test --filter DarkroomTests.Integration"))
enum Integration {}

/// Whether this run includes ``Integration``'s suites.
let integrationTestsEnabled = ProcessInfo.processInfo.environment["DARKROOM_INTEGRATION_TESTS"] == "1"
