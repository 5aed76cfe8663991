import Dispatch
import Synchronization

/// Runs independent jobs on a fixed number of threads and returns their results in
/// job order, whatever order they finished in.
///
/// Each job's result must be small (a status, a measurement): pixels are written
/// to disk inside the job and dropped, so memory stays flat however many jobs run.
struct ParallelRunner: Sendable {
  /// Threads to use, at least 1.
  let threads: Int

  /// Runs `body` for every index in `0..<count`. `finished` is called after each
  /// job, serialised, with the number finished so far and the job's index. Once
  /// `stop` answers true no job starts, and the results hold only the jobs that ran.
  func run<Result: Sendable>(
    count: Int,
    stop: @Sendable () -> Bool = { false },
    finished: @Sendable (_ done: Int, _ index: Int) -> Void = { _, _ in },
    _ body: @Sendable (Int) -> Result
  ) -> [Result] {
    let next = Mutex(0)
    let results = Mutex([Result?](repeating: nil, count: count))
    let progress = Mutex(0)
    let workers = max(1, min(threads, count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let index = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard index < count, !stop() else { return }
        let result = body(index)
        results.withLock { $0[index] = result }
        progress.withLock { done in
          done += 1
          finished(done, index)
        }
      }
    }
    return results.withLock { $0.compactMap { $0 } }
  }
}
