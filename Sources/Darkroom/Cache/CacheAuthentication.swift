import CCrypto
import DarkroomFoundation
import Foundation

/// The secret that authenticates the warm cache, and the MAC made with it.
///
/// A cache entry says "this display list draws these pixels", so a forged entry
/// could make verify pass a changed snapshot without drawing it. The cache file is
/// therefore signed with HMAC-SHA-256 (OpenSSL's libcrypto) under a key that lives
/// outside the project — `$DARKROOM_CACHE_KEY`, else `~/.config/darkroom/cache-key`
/// (or `$XDG_CONFIG_HOME/darkroom/cache-key`) — made on first use from the system's
/// random source, readable by its owner only. A cache written by anyone without the
/// key (a pull request, a restored CI cache, another user) does not verify, and is a
/// miss. A key that someone else owns, or that others may read, is not used.
struct CacheAuthentication: Sendable {
  /// The key's bytes.
  private let key: [UInt8]

  /// The key in `file`, made there when missing; nil when it cannot be made or is
  /// not the owner's alone (then the cache is not used).
  init?(file: String) {
    guard let key = Self.readKey(file) ?? Self.makeKey(file) else { return nil }
    self.key = key
  }

  /// Where the key lives for a command run in `environment`.
  static func keyFile(environment: [String: String]) -> String {
    if let file = environment["DARKROOM_CACHE_KEY"], !file.isEmpty { return file }
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/darkroom/cache-key" }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return home + "/.config/darkroom/cache-key"
  }

  /// HMAC-SHA-256 of `bytes`, as hex.
  func mac(_ bytes: [UInt8]) -> String {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    key.withUnsafeBytes { keyBytes in
      bytes.withUnsafeBytes { data in
        _ = HMAC(
          EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), data.bindMemory(to: UInt8.self).baseAddress,
          data.count, &digest, &length)
      }
    }
    return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
  }

  private static let keyBytes = 32

  /// The key when the file is a regular file of the right size, owned by this user
  /// and closed to everyone else.
  private static func readKey(_ file: String) -> [UInt8]? {
    var info = stat()
    guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
      info.st_mode & 0o077 == 0, Int(info.st_size) == keyBytes,
      let data = FileManager.default.contents(atPath: file), data.count == keyBytes
    else { return nil }
    return [UInt8](data)
  }

  /// A new key from the system's random source, written where no one else can read
  /// it; a key another run made at the same moment wins.
  private static func makeKey(_ file: String) -> [UInt8]? {
    let folder = FileStore.parent(of: file)
    guard !folder.isEmpty, (try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
    else { return nil }
    var key = [UInt8](repeating: 0, count: keyBytes)
    guard let random = FileHandle(forReadingAtPath: "/dev/urandom") else { return nil }
    defer { try? random.close() }
    guard let data = try? random.read(upToCount: keyBytes), data.count == keyBytes else { return nil }
    key = [UInt8](data)
    // Written whole beside the file, then linked into place: a run that reads the
    // key while another makes it finds no file or the whole key, never an empty one.
    let temporary = "\(file).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    defer { unlink(temporary) }
    let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == keyBytes else { return nil }
    // A key another run linked first wins.
    guard link(temporary, file) == 0 else { return readKey(file) }
    return key
  }
}
