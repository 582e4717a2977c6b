/// A value in a heap object: a recorded state, which most steps lack.
@usableFromInline
final class Box<Value: Sendable>: Sendable {
  @usableFromInline let value: Value
  @inlinable init(_ value: Value) { self.value = value }
}
