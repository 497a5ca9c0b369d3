// Rule: an NSProxy whose target is gone (methodSignatureForSelector: answers nil) cannot forward
// respondsToSelector: / isKindOfClass:: with no signature there is no invocation, and the forwarding path
// ends in doesNotRecognizeSelector: (an exception) rather than a quiet NO.
// Field guide: jsbridge-iglistkit-uikit-runtime.md D4 (model rule) and D5.2b (nil signature → doesNotRecognizeSelector:).
#include "oracle.h"
@interface W : NSProxy { @public id target; /* weak-ish: the target is gone */ } @end
@implementation W
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s
{
  SAY("-[W methodSignatureForSelector:] %s", sel_getName(s));
  return [target methodSignatureForSelector:s];
}
- (void)forwardInvocation:(NSInvocation *)inv
{
  SAY("-[W forwardInvocation:] with %s", inv == nil ? "no invocation" : "an invocation");
  [inv invokeWithTarget:target];
}
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  W *w = [W alloc];
  w->target = nil;
  TRY("respondsToSelector", SAY("responds to foo: %s", YESNO([w respondsToSelector:@selector(foo)])));
  TRY("isKindOfClass", SAY("isKindOfClass NSObject: %s", YESNO([w isKindOfClass:[NSObject class]])));
  [pool drain];
  return 0;
}
