// Rule: a [super foo] that lands on a forwarded IMP re-enters the most-derived class's
// forwardInvocation:, so a handler that calls the original again loops (bounded here by a counter).
// Field guide: method-hooking-libraries.md §0.3 (Aspects #2, JSPatch #256).
#include "oracle.h"
static int depth;
@interface A : NSObject - (void)foo; @end
@implementation A
- (void)foo { SAY("A.foo"); }
- (void)forwardInvocation:(NSInvocation *)inv { SAY("-[A forwardInvocation:] %s", sel_getName([inv selector])); }
@end
@interface B : A - (void)orig_foo; @end
@implementation B
- (void)foo { SAY("B.foo body _cmd=%s, calls super", sel_getName(_cmd)); [super foo]; }
- (void)forwardInvocation:(NSInvocation *)inv
{
  depth++;
  SAY("-[B forwardInvocation:] %s depth %d", sel_getName([inv selector]), depth);
  if (depth >= 4)
    {
      SAY("recursion counter stops at depth %d", depth);
      return;
    }
  [inv setSelector:@selector(orig_foo)];
  [inv invoke];
}
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  /* A hook library's step: B's own foo is kept as orig_foo; foo on both classes forwards. */
  class_addMethod([B class], @selector(orig_foo), class_getMethodImplementation([B class], @selector(foo)), "v@:");
  class_replaceMethod([B class], @selector(foo), probe_msgForward(@selector(foo)), "v@:");
  class_replaceMethod([A class], @selector(foo), probe_msgForward(@selector(foo)), "v@:");
  B *b = [B new];
  [b foo];
  [b release];
  [pool drain];
  return 0;
}
