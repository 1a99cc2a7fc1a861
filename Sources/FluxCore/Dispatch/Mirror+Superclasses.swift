extension Mirror {
  /// The children of the reflected value, then those of each superclass in
  /// turn: every stored property of a class instance, inherited ones
  /// included, where `children` alone gives the subclass's own.
  ///
  /// What the tools scoped to a dispatcher read its subjects from, since
  /// apps share subjects through a base dispatcher class.
  package var childrenWithSuperclasses: [Child] {
    var children = Array(self.children)
    var superclass = superclassMirror
    while let mirror = superclass {
      children += mirror.children
      superclass = mirror.superclassMirror
    }
    return children
  }
}
