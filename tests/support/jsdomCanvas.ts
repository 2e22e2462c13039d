// The unit projects' setup, before a file's modules load: jsdom has no canvas, and its getContext
// logs 'Not implemented' and answers nothing. Vega asks for one as it loads, to measure text, and
// estimates widths without one: answer nothing, without the message. (No effect in Node's environment.)
if (typeof HTMLCanvasElement !== 'undefined')
  HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
