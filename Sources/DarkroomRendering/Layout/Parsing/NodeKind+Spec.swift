extension NodeKind {
  /// The spec a node of this kind is read into.
  var spec: any NodeSpec.Type {
    switch self {
    case .vstack, .hstack: StackSpec.self
    case .zstack: ZStackSpec.self
    case .label: LabelSpec.self
    case .box: BoxSpec.self
    case .button: ButtonSpec.self
    case .spacer: SpacerSpec.self
    case .icon: IconSpec.self
    case .image: ImageSpec.self
    case .divider: DividerSpec.self
    case .activity: ActivitySpec.self
    case .card: CardSpec.self
    case .switch: SwitchSpec.self
    case .badge: BadgeSpec.self
    case .cell: CellSpec.self
    case .list: ListSpec.self
    case .segmented: SegmentedSpec.self
    case .searchfield: SearchFieldSpec.self
    case .navbar: NavigationBarSpec.self
    case .tabbar: TabBarSpec.self
    }
  }
}
