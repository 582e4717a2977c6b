// The code of the article "SwiftUI and Observation" (Sources/Reactors/Reactors.docc). The
// SwiftUI view is compiled on Apple platforms only; what it relies on, Observation's
// tracking of the model, is compiled and run here too.

import Observation
import Reactors
import Testing

#if canImport(SwiftUI)
  import SwiftUI

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  struct CounterView: View {
    @State var model = ObservedReactor(CounterReactor())

    var body: some View {
      VStack {
        Text("\(model.value)")  // invalidated when `value` changes, not `isLoading`
        if model.isLoading { ProgressView() }
        Button("-") { model.send(.decrease) }
      }
    }
  }
#endif

// Observation needs iOS 17 / macOS 14: each test says so (a suite cannot).
@MainActor
@Suite(.timeLimit(.minutes(1))) struct SwiftUISnippets {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
  @Test func aReadOfOneFieldIsInvalidatedByItsChangesOnly() async {
    let model = ObservedReactor(CounterReactor())
    let (changes, changed) = AsyncStream.makeStream(of: String.self)
    withObservationTracking {
      _ = model.value
    } onChange: {
      changed.yield("value")
    }
    withObservationTracking {
      _ = model.isLoading
    } onChange: {
      changed.yield("isLoading")
    }

    model.send(.decrease)
    #expect(model.value == -1)  // on the main actor: visible on the next line
    changed.finish()
    var seen: [String] = []
    for await change in changes { seen.append(change) }
    #expect(seen == ["value"])
  }
}
