/// The inspector page's style sheet, served as `/inspector.css`.
enum InspectorStyle {
  static let source = #"""
    html, body { height: 100%; }
    body { font: 13px/1.4 -apple-system, system-ui, sans-serif; margin: 0; color: #222;
      display: flex; flex-direction: column; }
    header { display: flex; gap: 8px; align-items: center; padding: 8px 12px;
      background: #1f2933; color: #fff; flex-wrap: wrap; flex: none; }
    header h1 { font-size: 15px; margin: 0 12px 0 0; }
    header select, header input, header button, header a { font: inherit; }
    header a { color: #9fd3ff; }
    #travel-badge { background: #d9822b; padding: 2px 8px; border-radius: 10px; display: none; }
    #status { margin: 0; padding: 0 12px; background: #fef2f2; color: #991b1b; flex: none; }
    #status:empty { display: none; }
    main { display: grid; grid-template-columns: minmax(420px, 1fr) 1fr; flex: 1; min-height: 0; }
    #timeline { overflow: auto; border-right: 1px solid #ddd; }
    #detail { overflow: auto; padding: 8px 12px; }
    table { border-collapse: collapse; width: 100%; }
    td { padding: 2px 6px; border-bottom: 1px solid #f0f0f0; vertical-align: top; }
    td.ms { white-space: nowrap; }
    td.text { word-break: break-word; }
    tr.step { cursor: pointer; }
    tr.step:hover { background: #f5f9ff; }
    tr.selected { background: #dbeafe !important; }
    tr.shown td:first-child { border-left: 4px solid #d9822b; }
    .kind { font-size: 11px; padding: 0 5px; border-radius: 8px; color: #fff; background: #6b7280; }
    .k-input { background: #2563eb; } .k-mutation { background: #059669; }
    .k-effect, .k-ended, .k-cancel { background: #7c3aed; } .k-gap { background: #dc2626; }
    .cause { color: #2563eb; text-decoration: underline; cursor: pointer; }
    .muted { color: #888; }
    .slow { color: #b45309; font-weight: 600; }
    #send-box { display: none; vertical-align: top; } #send-box textarea { display: block; }
    #step-tools { margin: 0.5em 0; display: flex; flex-wrap: wrap; gap: 0.5em; align-items: center; }
    #tool-result { flex-basis: 100%; } #slider { width: 12em; vertical-align: middle; }
    .warning { color: #92400e; }
    pre.diff { background: #fafafa; padding: 6px; white-space: pre-wrap; word-break: break-word; }
    .add { color: #047857; } .del { color: #b91c1c; }
    details { margin-left: 14px; } summary { cursor: pointer; }
    .label { color: #7c3aed; } .type { color: #888; font-size: 11px; }
    .leaf { margin-left: 14px; word-break: break-word; }
    .more { font-size: 11px; margin-left: 6px; }
    #pager { padding: 6px; display: flex; gap: 6px; align-items: center; }
    """#
}
