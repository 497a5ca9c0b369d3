// Rule: an NSProxy subclass that does not override respondsToSelector: / isKindOfClass: answers them
// through methodSignatureForSelector: + forwardInvocation:; forwardingTargetForSelector: is not consulted;
// a selector the proxy's class implements answers YES without forwarding.
// Field guide: jsbridge-iglistkit-uikit-runtime.md D4 ("Model rule").
#include "oracle.h"
@interface T : NSObject - (void)bar; @end
@implementation T - (void)bar { SAY("T.bar"); } @end
@interface P : NSProxy { id target; } - (id)initWithTarget:(id)t; @end
@implementation P
- (id)initWithTarget:(id)t { target = t; return self; }
- (id)forwardingTargetForSelector:(SEL)s { SAY("-[P forwardingTargetForSelector:] %s", sel_getName(s)); return nil; }
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s
{
  SAY("-[P methodSignatureForSelector:] %s", sel_getName(s));
  return [target methodSignatureForSelector:s];
}
- (void)forwardInvocation:(NSInvocation *)inv
{
  SAY("-[P forwardInvocation:] %s", sel_getName([inv selector]));
  [inv invokeWithTarget:target];
}
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  T *t = [T new];
  P *p = [[P alloc] initWithTarget:t];
  SAY("responds to bar: %s", YESNO([p respondsToSelector:@selector(bar)]));
  SAY("responds to initWithTarget: %s", YESNO([p respondsToSelector:@selector(initWithTarget:)]));
  SAY("isKindOfClass T: %s", YESNO([p isKindOfClass:[T class]]));
  [p release];
  [t release];
  [pool drain];
  return 0;
}
