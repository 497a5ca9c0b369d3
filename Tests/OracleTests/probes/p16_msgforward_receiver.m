// Rule: a method whose IMP is the forwarding IMP (_objc_msgForward) reaches forwardInvocation: looked
// up on the receiver's isa, not on the class that holds the IMP.
// Field guide: method-hooking-libraries.md §0.3; DESIGN.md ObjCModel forwarding.
#include "oracle.h"
@interface A : NSObject - (void)foo; - (int)add:(int)x; @end
@implementation A
- (void)foo { SAY("A.foo"); }
- (int)add:(int)x { SAY("A.add:"); return x + 1; }
- (void)forwardInvocation:(NSInvocation *)inv
{
  SAY("-[A forwardInvocation:] %s", sel_getName([inv selector]));
  if (sel_isEqual([inv selector], @selector(add:)))
    {
      int x, r;
      [inv getArgument:&x atIndex:2];
      r = x * 10;
      [inv setReturnValue:&r];
    }
}
@end
@interface B : A @end
@implementation B
- (void)forwardInvocation:(NSInvocation *)inv { SAY("-[B forwardInvocation:] %s", sel_getName([inv selector])); }
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  class_replaceMethod([A class], @selector(foo), probe_msgForward(@selector(foo)), "v@:");
  class_replaceMethod([A class], @selector(add:), probe_msgForward(@selector(add:)), "i@:i");
  A *a = [A new];
  B *b = [B new];
  SAY("A instance:");
  [a foo];
  SAY("add: returned %d", [a add:4]);
  SAY("B instance:");
  [b foo];
  [a release];
  [b release];
  [pool drain];
  return 0;
}
