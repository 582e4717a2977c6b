/// What a reactor's ``Stub`` reads and changes of the engine: the stub's switch and the actions
/// it recorded, under the lock. The stub itself knows nothing of the engine's core.
extension ReactorStorage {
  /// Whether the stub replaces `mutate` and `reduce`; turning it on gives the reactor its
  /// extras, so every `send` takes the general path that records actions.
  var stubIsEnabled: Bool {
    get { locked { core.pointee.lifecycle.isStubbed } }
    set {
      locked {
        _ = core.pointee.makeExtras()
        core.pointee.lifecycle.stubTurned(on: newValue)
      }
    }
  }

  /// Every action sent while the stub was on, in order.
  var stubActions: [R.Action] {
    locked { core.pointee.extras?.stubActions ?? [] }
  }
}
