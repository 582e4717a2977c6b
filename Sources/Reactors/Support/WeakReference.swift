/// A weak reference that is `Sendable`: Swift 6.2 accepts no weak constant, and a class with a
/// `weak var` cannot be checked as `Sendable`.
@usableFromInline
struct WeakReference<Object: AnyObject & Sendable>: Sendable {
  @usableFromInline weak var object: Object?

  @inlinable init(_ object: Object) { self.object = object }
}
