import Testing

@testable import counter

@Suite struct CounterScreenTests {
  @Test func keysMapToActionsAndQuit() {
    #expect(CounterScreen.command(for: UInt8(ascii: "+")) == .send(.increase))
    #expect(CounterScreen.command(for: UInt8(ascii: "=")) == .send(.increase))
    #expect(CounterScreen.command(for: UInt8(ascii: "-")) == .send(.decrease))
    #expect(CounterScreen.command(for: UInt8(ascii: "q")) == .quit)
    #expect(CounterScreen.command(for: 3) == .quit)
    #expect(CounterScreen.command(for: UInt8(ascii: "x")) == nil)
  }

  @Test func theLineShowsTheValueAndTheLoadingIndicator() {
    #expect(CounterScreen.line(for: .init(value: 3, isLoading: false)) == "Value: 3")
    #expect(CounterScreen.line(for: .init(value: -1, isLoading: true)) == "Value: -1  [loading...]")
  }
}
