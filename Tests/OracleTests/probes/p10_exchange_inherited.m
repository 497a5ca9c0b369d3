// Rule: exchanging an inherited method without class_addMethod swaps the superclass's Method, so
// superclass instances run the replacement, whose [self xxx_foo] does not exist there.
// Field guide: method-hooking-libraries.md §4.1 "Inherited-only method".
#include "oracle.h"
@interface A : NSObject - (void)foo; @end
@implementation A - (void)foo { SAY("A.foo body _cmd=%s", sel_getName(_cmd)); } @end
@interface B : A - (void)xxx_foo; @end
@implementation B
- (void)xxx_foo { SAY("B.xxx_foo body _cmd=%s", sel_getName(_cmd)); [self xxx_foo]; }
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  A *a = [A new];
  B *b = [B new];
  Method m1 = class_getInstanceMethod([B class], @selector(foo));
  SAY("B's foo Method is A's: %s", YESNO(m1 == class_getInstanceMethod([A class], @selector(foo))));
  method_exchangeImplementations(m1, class_getInstanceMethod([B class], @selector(xxx_foo)));
  SAY("send foo to B instance:");
  TRY("b foo", [b foo]);
  SAY("send foo to A instance:");
  TRY("a foo", [a foo]);
  [a release];
  [b release];
  [pool drain];
  return 0;
}
