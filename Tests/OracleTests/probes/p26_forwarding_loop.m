// Rule: two NSProxy forwarders that target each other loop forever on respondsToSelector: (it is
// forwarded through forwardInvocation:); the probe's own recursion counter stops it.
// Field guide: jsbridge-iglistkit-uikit-runtime.md D4; INCIDENTS.md 3.
#include "oracle.h"
static int depth;
@interface Loop : NSProxy { @public id target; const char *name; } - (id)initWithName:(const char *)n; @end
@implementation Loop
- (id)initWithName:(const char *)n { name = n; return self; }
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s { return [NSObject instanceMethodSignatureForSelector:s]; }
- (void)forwardInvocation:(NSInvocation *)inv
{
  depth++;
  SAY("-[Loop(%s) forwardInvocation:] %s depth %d", name, sel_getName([inv selector]), depth);
  if (depth >= 6)
    {
      BOOL no = NO;
      SAY("recursion counter stops at depth %d", depth);
      [inv setReturnValue:&no];
      return;
    }
  [inv invokeWithTarget:target];
}
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  Loop *x = [[Loop alloc] initWithName:"X"];
  Loop *y = [[Loop alloc] initWithName:"Y"];
  x->target = y;
  y->target = x;
  SAY("X responds to bar: %s", YESNO([x respondsToSelector:@selector(bar)]));
  [x release];
  [y release];
  [pool drain];
  return 0;
}
