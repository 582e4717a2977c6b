/// A navigation stack as state: the screens above the root, bottom first, each with a stable
/// ``StackElementID``. The state of a `NavigationStack(path:)` or a `UINavigationController`.
///
/// ```swift
/// enum Path { case detail(DetailState), meeting(MeetingState) }
/// struct AppState { var path: StackState<Path> = [] }
///
/// let id = state.path.push(.detail(DetailState(standup: standup)))
/// state.path[id: id] = .detail(edited)   // changes that screen in place
/// state.path.pop(from: id)               // removes it and every screen above it
/// ```
///
/// **Ids are never reused within one stack value's history.** Each push takes the value's
/// counter, ``nextID``, and moves it on, so an action addressed to a popped screen (a late
/// effect, a double tap) finds no element instead of reaching a newer screen. Copies of a stack
/// each carry their own counter: ids are unique within one value's history, not across copies
/// that went different ways.
///
/// **Misuse changes nothing and is reported.** Popping an empty stack, popping an id that is not
/// there, or setting an element to `nil` or under an unknown id leaves the stack as it was and
/// reports a runtime warning that says how to fix the call; nothing traps.
///
/// A value type with no shared storage: it is `Sendable` when `Element` is, and a copy can be
/// read and changed on any thread, as any Swift value can. Finding an element by id is linear
/// in the depth of the stack, which is a handful of screens.
public struct StackState<Element> {
  /// The elements, bottom first.
  @usableFromInline var elements: [Element]
  /// The id of each element of `elements`, at the same position.
  @usableFromInline var elementIDs: [StackElementID]
  /// The id the next push gives (see ``nextID``).
  @usableFromInline var counter: StackElementID

  /// The id the next push gives: greater than every id this value has given, and than every id
  /// on the stack.
  @inlinable
  public var nextID: StackElementID { counter }

  /// An empty stack, whose first push gets the id `#0`.
  @inlinable
  public init() {
    elements = []
    elementIDs = []
    counter = StackElementID(rawValue: 0)
  }

  /// A stack of `elements`, bottom first, with the ids `#0`, `#1`, ... in order.
  @inlinable
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { push(element) }
  }

  /// The ids of the elements, bottom first: the value of a `NavigationStack`'s path.
  @inlinable
  public var ids: [StackElementID] { elementIDs }

  /// Where the element with `id` is, or `nil`.
  @inlinable
  func position(of id: StackElementID) -> Int? { elementIDs.lastIndex(of: id) }

  /// The element with `id`, or `nil` when none has it.
  ///
  /// Setting a value replaces that element in place, keeping its id and position; changing it
  /// through the subscript (`stack[id: id]?.title = "New"`) changes it in place too, working on
  /// a copy that is written back (use ``modify(id:_:)`` to change a large element without the
  /// copy). Setting `nil`, or setting under an id no element has, changes nothing and reports a
  /// runtime warning: remove screens with ``pop(from:)``, add them with ``push(_:)``.
  @inlinable
  public subscript(id id: StackElementID) -> Element? {
    get { position(of: id).map { elements[$0] } }
    set {
      guard let position = position(of: id) else { return warnSettingUnknown(id) }
      guard let newValue else { return warnSettingNil(id) }
      elements[position] = newValue
    }
    _modify {
      if let position = position(of: id) {
        var element: Element? = elements[position]
        yield &element
        if let element { elements[position] = element } else { warnSettingNil(id) }
      } else {
        var absent: Element? = nil
        yield &absent
        if absent != nil { warnSettingUnknown(id) }
      }
    }
  }

  /// Changes the element with `id` in place, with no copy and no optional in the way, and
  /// returns what `body` returns; returns `nil`, calling nothing and changing nothing, when no
  /// element has `id` (the caller knows what that means, and reports it if it is a mistake).
  @inlinable
  @discardableResult
  public mutating func modify<Result>(
    id: StackElementID, _ body: (inout Element) throws -> Result
  ) rethrows -> Result? {
    guard let position = position(of: id) else { return nil }
    return try body(&elements[position])
  }

  /// Pushes `element` on top of the stack and returns the id it was given, ``nextID``.
  ///
  /// A stack whose counter has reached `Int.max` (only a decoded or hand-made stack can) cannot
  /// give another id without reusing one: the push then changes nothing, reports a runtime
  /// warning, and returns an id no element has.
  @inlinable
  @discardableResult
  public mutating func push(_ element: Element) -> StackElementID {
    let id = nextID
    guard id.rawValue < Int.max else {
      warnExhausted()
      return id
    }
    elements.append(element)
    elementIDs.append(id)
    counter = StackElementID(rawValue: id.rawValue + 1)
    return id
  }

  /// Pushes `element` under a chosen `id`, as a `StackAction.push(id:state:)` asks, and moves
  /// ``nextID`` past it; returns `true`. An id this value may already have given (one lower
  /// than ``nextID``), or `Int.max`, which leaves no next id, is refused: nothing changes, a
  /// runtime warning says so, and the result is `false`. Take the id from ``nextID``.
  @inlinable
  @discardableResult
  public mutating func push(_ element: Element, id: StackElementID) -> Bool {
    guard id >= nextID, id.rawValue < Int.max else {
      warnRefusedID(id)
      return false
    }
    elements.append(element)
    elementIDs.append(id)
    counter = StackElementID(rawValue: id.rawValue + 1)
    return true
  }

  /// Removes and returns the top element. On an empty stack it changes nothing, reports a
  /// runtime warning, and returns `nil`.
  @inlinable
  @discardableResult
  public mutating func pop() -> Element? {
    guard !elements.isEmpty else {
      warnPoppingEmpty()
      return nil
    }
    elementIDs.removeLast()
    return elements.removeLast()
  }

  /// Removes every element, back to the root screen. On an empty stack it does nothing: being
  /// at the root already is not a mistake.
  @inlinable
  public mutating func popToRoot() {
    elements.removeAll()
    elementIDs.removeAll()
  }

  /// Replaces every screen with `elements`, pushed in order with new ids: what a deep link
  /// does. Assigning a new `StackState` instead would start its ids again at 0, so an action
  /// still on its way to a screen of the old stack could reach a new one with the same id.
  @inlinable
  public mutating func replace(with elements: some Sequence<Element>) {
    popToRoot()
    for element in elements { push(element) }
  }

  /// Removes the element with `id` and every element above it; returns `true`. When no element
  /// has `id`, changes nothing, reports a runtime warning naming the ids present, and returns
  /// `false`.
  @inlinable
  @discardableResult
  public mutating func pop(from id: StackElementID) -> Bool {
    guard let position = position(of: id) else {
      warnUnknown(id, in: "pop(from:)")
      return false
    }
    removeElements(from: position)
    return true
  }

  /// Removes every element above the one with `id`, keeping it on top; returns `true` (also when
  /// it was on top already). When no element has `id`, changes nothing, reports a runtime
  /// warning naming the ids present, and returns `false`.
  @inlinable
  @discardableResult
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let position = position(of: id) else {
      warnUnknown(id, in: "pop(to:)")
      return false
    }
    removeElements(from: position + 1)
    return true
  }

  /// Removes the elements from `position`, a position from 0 through `count`, to the top.
  @inlinable
  mutating func removeElements(from position: Int) {
    elements.removeSubrange(position...)
    elementIDs.removeSubrange(position...)
  }
}

extension StackState: RandomAccessCollection {
  /// The position of the bottom element.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position after the top element.
  @inlinable
  public var endIndex: Int { elements.count }

  /// The element at `position`, counted from the bottom. Change elements by id, through
  /// ``subscript(id:)``, so that a change cannot land on a different screen.
  @inlinable
  public subscript(position: Int) -> Element { elements[position] }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of the listed elements, bottom first, with the ids `#0`, `#1`, ... in order.
  @inlinable
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension StackState: Equatable where Element: Equatable {
  /// Whether both hold equal elements under the same ids, in the same order. The counter,
  /// ``nextID``, is history rather than content and is not compared.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elementIDs == rhs.elementIDs && lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and the elements, as `==` compares them.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elementIDs)
    hasher.combine(elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomStringConvertible {
  /// The elements with their ids, bottom first: `StackState([#0: detail, #1: meeting])`.
  public var description: String {
    let entries = zip(elementIDs, elements).map { "\($0): \($1)" }
    return "StackState([\(entries.joined(separator: ", "))])"
  }
}
