/// The id that marks cancellable effects: any `Hashable & Sendable` value, compared by value.
@usableFromInline
struct EffectID: Hashable, Sendable {
  let base: any Hashable & Sendable

  @usableFromInline
  init(_ base: some Hashable & Sendable) { self.base = base }

  @usableFromInline
  static func == (lhs: EffectID, rhs: EffectID) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}
