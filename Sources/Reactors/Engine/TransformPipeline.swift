/// What a `transform` hook did to its stream, reduced to what the engine can run cheaply:
/// values to start with, an element-wise stage (map / filter), and outside streams to merge.
///
/// The engine calls each hook once, with ``Effect`` `.upstream`, and analyses the result.
/// A hook that is not overridden returns the upstream untouched: no stage, no cost per action.
@usableFromInline
struct TransformPipeline<Element: Sendable>: Sendable {
  /// Values processed first, as if sent before anything else (RxSwift's `startWith`).
  var prefix: [Element] = []
  /// Applied to every element; `nil` means identity. Returning `nil` drops the element.
  @usableFromInline var stage: (@Sendable (Element) -> Element?)? = nil
  /// Outside streams whose values join the stream after the stage.
  var sources: [Effect<Element>] = []
  /// Shapes the engine cannot run, described for the programmer.
  var problems: [String] = []

  /// The identity pipeline.
  init() {}

  /// Analyses what a hook returned.
  init(analyzing effect: Effect<Element>) {
    if !TransformPipeline.containsUpstream(effect) {
      // The hook replaced its upstream: every element is dropped, the replacement runs.
      stage = { _ in nil }
      sources = [effect]
      return
    }
    absorb(effect)
  }

  private mutating func absorb(_ effect: Effect<Element>) {
    switch effect.operation {
    case .upstream(let stage):
      self.stage = stage
    case .merge(let effects):
      var upstreams = 0
      for child in effects {
        if TransformPipeline.containsUpstream(child) {
          upstreams += 1
          if upstreams > 1 {
            problems.append("the upstream is merged more than once; it is used once")
          } else {
            absorb(child)
          }
        } else {
          sources.append(child)
        }
      }
    case .concat(let effects):
      for child in effects {
        if TransformPipeline.containsUpstream(child) {
          absorb(child)
        } else if let values = TransformPipeline.immediateValues(child) {
          prefix += values
        } else {
          problems.append(
            "only values (`prepend`) may come before the upstream; others are ignored")
        }
      }
    default:
      problems.append(
        "only map, filter, compactMap, merge(with:) and prepend apply to the upstream; "
          + "the upstream is used unchanged")
    }
  }

  /// Whether the tree holds the upstream placeholder.
  static func containsUpstream(_ effect: Effect<Element>) -> Bool {
    switch effect.operation {
    case .upstream: return true
    case .concat(let effects), .merge(let effects): return effects.contains(where: containsUpstream)
    case .delay(let effect, _, _), .catching(let effect, _), .cancellable(let effect, _, _):
      return containsUpstream(effect)
    case .none, .just, .run, .deferred, .cancel, .join, .relay: return false
    }
  }

  /// The values of an effect made only of `.just`, `.concat` and `.none`; otherwise `nil`.
  static func immediateValues(_ effect: Effect<Element>) -> [Element]? {
    switch effect.operation {
    case .none: return []
    case .just(let value): return [value]
    case .concat(let effects):
      var values: [Element] = []
      for child in effects {
        guard let more = immediateValues(child) else { return nil }
        values += more
      }
      return values
    default: return nil
    }
  }
}
