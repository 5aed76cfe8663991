import CDarkroomFiles
import Foundation

/// Everything Darkroom asks of the operating system that differs between Linux and
/// macOS, in one place: where fonts are installed, how much memory is free, a file's
/// change stamp, the running executable and its libraries. The rest of the code asks
/// here and never branches on the platform itself.
///
/// macOS: written, not yet built or run (no Mac was at hand); the Darwin branches
/// are kept small and obvious so the first build there is easy to finish.
public enum Platform {
  /// The folders fonts are looked for in after a project's own: `DARKROOM_FONT_DIR`
  /// when set, then the user's, then the system's.
  public static func fontFolders(environment: [String: String]) -> [String] {
    var folders: [String] = []
    if let extra = environment["DARKROOM_FONT_DIR"], !extra.isEmpty { folders.append(extra) }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    #if os(macOS)
      folders += [
        home + "/Library/Fonts", "/Library/Fonts", "/System/Library/Fonts", "/System/Library/Fonts/Supplemental",
        "/opt/homebrew/share/fonts", "/usr/local/share/fonts",
      ]
    #else
      let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
      folders += [data + "/fonts", home + "/.fonts", "/usr/local/share/fonts", "/usr/share/fonts"]
    #endif
    return folders.filter { FileManager.default.fileExists(atPath: $0) }
  }

  /// Makes the C allocator keep freed image-sized blocks for reuse, for a process
  /// that draws one snapshot after another (the `darkroom` executable calls it
  /// first): otherwise glibc unmaps every freed 12 MB buffer and the kernel zeroes
  /// fresh pages for the next, a sixth of the CPU time of a run with many failures.
  /// Nothing changes on macOS.
  public static func reuseLargeAllocations() {
    CDarkroomFiles_reuseLargeBlocks()
  }

  /// The licence record the system's package manager keeps for the package that
  /// installed each of `files`, by file: on Debian and its derivatives
  /// `/usr/share/doc/<package>/copyright` (a font folder there holds no licence of
  /// its own), named by the package. Empty where there is no such record.
  package static func packageLicences(of files: Set<String>) -> [String: (package: String, path: String)] {
    #if os(macOS)
      return [:]
    #else
      let info = "/var/lib/dpkg/info"
      guard !files.isEmpty, let names = try? FileManager.default.contentsOfDirectory(atPath: info) else { return [:] }
      var found: [String: (package: String, path: String)] = [:]
      // Font packages first: they hold the files asked for nearly always.
      let lists = names.filter { $0.hasSuffix(".list") }.sorted { ($0.hasPrefix("fonts-") ? 0 : 1, $0) < ($1.hasPrefix("fonts-") ? 0 : 1, $1) }
      for list in lists where found.count < files.count {
        guard let text = try? String(contentsOfFile: info + "/" + list, encoding: .utf8) else { continue }
        // `fonts-inter.list`, or `libfoo:amd64.list` for a package of one architecture.
        let package = String(list.dropLast(".list".count).prefix { $0 != ":" })
        let copyright = "/usr/share/doc/\(package)/copyright"
        for line in text.split(separator: "\n") where files.contains(String(line)) {
          if FileManager.default.isReadableFile(atPath: copyright) { found[String(line)] = (package, copyright) }
        }
      }
      return found
    #endif
  }

  /// What changes when a file is replaced or edited: its size, modification and
  /// status-change times, inode and device; nil when it cannot be read. The
  /// status-change time is the kernel's own (no call sets it), so a file written
  /// and given back its old modification time still has another stamp. In order:
  /// size, modified (seconds, nanoseconds), inode, changed (seconds, nanoseconds),
  /// device.
  package static func stamp(of path: String) -> [Int]? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if os(macOS)
      return [
        Int(info.st_size), Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec), Int(info.st_ino),
        Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec), Int(info.st_dev),
      ]
    #else
      return [
        Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino),
        Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec), Int(info.st_dev),
      ]
    #endif
  }

  /// The memory this process may use: what the system reports free, and on Linux the
  /// control group's limit when there is one; nil when it cannot be told.
  package static func availableMemory() -> Int? {
    #if os(macOS)
      var size: UInt64 = 0
      var length = MemoryLayout<UInt64>.size
      guard sysctlbyname("hw.memsize", &size, &length, nil, 0) == 0 else { return nil }
      // The physical memory: macOS reports no "available" figure as Linux does.
      return Int(clamping: size)
    #else
      var limits: [Int] = []
      if let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
      {
        limits.append(kilobytes * 1024)
      }
      if let text = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8),
        let bytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        limits.append(bytes)
      }
      return limits.min()
    #endif
  }

  /// The running executable's path and the shared libraries it has loaded (their
  /// paths, sorted); nil when the platform does not say.
  package static func executableAndLibraries() -> (executable: String, libraries: [String])? {
    #if os(macOS)
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
      let executable = String(cString: buffer)
      var libraries: Set<String> = []
      for index in 0..<_dyld_image_count() {
        if let name = _dyld_get_image_name(index) { libraries.insert(String(cString: name)) }
      }
      libraries.remove(executable)
      return (executable, libraries.sorted())
    #else
      guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
        let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      else { return nil }
      var libraries: Set<String> = []
      for line in maps.split(separator: "\n") {
        // address perms offset device inode path
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count == 6, fields[1].contains("x"), fields[5].hasPrefix("/") else { continue }
        libraries.insert(String(fields[5]))
      }
      libraries.remove(executable)
      return (executable, libraries.sorted())
    #endif
  }
}
