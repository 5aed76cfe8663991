import Foundation
import Testing

@testable import Darkroom
@testable import DarkroomFoundation
@testable import DarkroomRendering

/// Where a path the checkout names leads, links followed, before anything is read or
/// written through it.
@Suite("Project folder")
struct ProjectFolderTests {
  @Test func pathsResolveThroughLinksThatExistAndLinksThatLeadNowhereYet() throws {
    let project = try TemporaryFolder(), outside = try TemporaryFolder()
    let folder = ProjectFolder(root: project.path, working: .root)
    let root = folder.root
    let manager = FileManager.default
    try manager.createDirectory(atPath: project.path + "/inside", withIntermediateDirectories: true)
    try manager.createSymbolicLink(atPath: project.path + "/out", withDestinationPath: outside.path)
    try manager.createSymbolicLink(atPath: project.path + "/nowhere", withDestinationPath: outside.path + "/not-yet/deeper")
    try manager.createSymbolicLink(atPath: project.path + "/near", withDestinationPath: "inside")
    try manager.createSymbolicLink(atPath: project.path + "/loop", withDestinationPath: "loop")
    #expect(folder.contains(project.path + "/inside/Golden/new"), "parts that do not exist yet")
    #expect(folder.contains(project.path + "/near/x"), "a link that stays inside")
    #expect(!folder.contains(project.path + "/out/x"))
    #expect(!folder.contains(project.path + "/nowhere/report"), "a link to nowhere leads where its text says")
    #expect(!folder.contains(project.path + "/inside/../../x"))
    // `..` after a link is the parent of where the link leads.
    #expect(ProjectFolder.resolved(project.path + "/out/..", from: .root) == FileStore.parent(of: ProjectFolder(root: outside.path, working: .root).root))
    #expect(ProjectFolder.resolved(project.path + "/near/..", from: .root) == root)
    // A loop ends (the kernel refuses it later), inside the folder here.
    #expect(folder.contains(project.path + "/loop/x"))
    #expect(ProjectFolder(root: "/", working: .root).contains("/anything"))
  }
}
