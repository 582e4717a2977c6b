/// Where a `send` or `dispatch` was called: its `#fileID` and `#line`, as the engine carries
/// them to a hook (``StepHook/input``), which a recording keeps as a ``SendSite``.
///
/// Plain values, copied without a reference count: a reactor that is not hooked never reads
/// them, and pays for them on `send`'s plain path only the passing of the call's constants.
@usableFromInline
struct CallSite: Sendable {
  /// The file's id, as `#fileID` gives it.
  @usableFromInline let fileID: StaticString
  /// The line of the call.
  @usableFromInline let line: UInt

  @inlinable
  init(_ fileID: StaticString, _ line: UInt) {
    self.fileID = fileID
    self.line = line
  }
}
