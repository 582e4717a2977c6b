import Testing

@testable import Reactors

extension NavigationGlueTests {
  /// A binding over a presented child (a sheet): its value is the child; SwiftUI's write of
  /// `nil` sends one dismiss per presentation; a write of a child is refused with a warning.
  @Suite struct PresentationBindingTests {
    typealias Editor = GlueApp.Editor

    @Test func theItemIsTheChildReadEachTime() {
      let editor = Locked<Editor?>(nil)
      let sheet = PresentationBinding(
        read: { editor.withLock { $0 } },
        send: { (_: PresentationAction<GlueApp.EditorAction>) in })
      #expect(sheet.item == nil && !sheet.isPresented)
      editor.withLock { $0 = Editor(id: 3) }
      #expect(sheet.item == Editor(id: 3) && sheet.isPresented)
    }

    @Test func writingNilSendsTheDismissOncePerPresentation() {
      let sent = SentActions<PresentationAction<GlueApp.EditorAction>>()
      // The state does not change when the dismiss is sent, as when the store is busy on
      // another thread: a second write finds the same presentation and sends nothing.
      let editor = Locked<Editor?>(Editor(id: 1))
      let sheet = PresentationBinding(read: { editor.withLock { $0 } }, send: sent.send)
      #expect(sheet.write(nil))
      #expect(!sheet.write(nil))
      #expect(sent.all == [.dismiss])
      // Once the state lets it go and presents again, that presentation is dismissed once too.
      editor.withLock { $0 = nil }
      #expect(sheet.item == nil)
      editor.withLock { $0 = Editor(id: 2) }
      #expect(sheet.write(nil))
      #expect(sent.all == [.dismiss, .dismiss])
    }

    @Test func writingNilWhenNothingIsPresentedSendsNothing() {
      let sent = SentActions<PresentationAction<GlueApp.EditorAction>>()
      let sheet = PresentationBinding(read: { Editor?.none }, send: sent.send)
      #expect(!sheet.write(nil))
      #expect(sent.all.isEmpty)
    }

    @Test func writingAChildIsRefusedWithAWarningAndSendsNothing() {
      let sent = SentActions<PresentationAction<GlueApp.EditorAction>>()
      let sheet = PresentationBinding(read: { Editor?.none }, send: sent.send)
      let key = "PresentationBinding<\(Editor.self)>.write"
      let before = warningThrottle.withLock { $0.count(of: key) }
      #expect(!sheet.write(Editor(id: 9)))
      #expect(sent.all.isEmpty)
      #expect(warningThrottle.withLock { $0.count(of: key) } > before)
    }

    @Test func aCallerThatKnowsEachDismissalSendsOneEachTimeWhilePresented() {
      // The UIKit glue: its PresentationSync reports each swipe down once.
      let sent = SentActions<PresentationAction<GlueApp.EditorAction>>()
      let editor = Locked<Editor?>(Editor(id: 1))
      let sheet = PresentationBinding(read: { editor.withLock { $0 } }, send: sent.send)
      sheet.dismissIfPresented()
      sheet.dismissIfPresented()
      editor.withLock { $0 = nil }
      sheet.dismissIfPresented()
      #expect(sent.all == [.dismiss, .dismiss])
    }

    @Test func aDismissOfYourOwnCanBeSent() {
      let dismissals = SentActions<Int>()
      let sheet = PresentationBinding(read: { Editor(id: 1) }, dismiss: { dismissals.send(1) })
      sheet.write(nil)
      #expect(dismissals.all == [1])
    }

    @Test func anInteractiveDismissThroughAStoreClearsTheChildOnce() {
      let store = glueStore()
      store.dispatch(.presentEditor(4))
      let sheet = store.presentationBinding(\.editor, action: GlueAction.editor)
      #expect(sheet.item?.id == 4)
      #expect(sheet.write(nil))
      #expect(store.state.editor == nil)
      #expect(!sheet.write(nil))
      #expect(store.state.editorDismissals == 1)
    }
  }
}
