// Rule: class_getInstanceMethod / class_getMethodImplementation walk superclasses; for an unknown
// selector class_getMethodImplementation runs the resolver and returns the forwarding IMP.
// Field guide: method-hooking-libraries.md §0.2; jsbridge-iglistkit-uikit-runtime.md D5.1.
#include "oracle.h"
@interface A : NSObject - (void)foo; - (void)unknownThing; @end
@implementation A - (void)foo { SAY("A.foo"); } @end
@interface B : A @end
@implementation B
+ (BOOL)resolveInstanceMethod:(SEL)sel { SAY("+[B resolveInstanceMethod:] %s", sel_getName(sel)); return NO; }
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  name_imp(class_getMethodImplementation([A class], @selector(foo)), "A.foo");
  Method m = class_getInstanceMethod([B class], @selector(foo));
  SAY("B getInstanceMethod foo found: %s", YESNO(m != NULL));
  SAY("its IMP: %s", imp_name(method_getImplementation(m)));
  SAY("B getMethodImplementation foo: %s", imp_name(class_getMethodImplementation([B class], @selector(foo))));
  IMP unknown = class_getMethodImplementation([B class], @selector(unknownThing));
  SAY("unknown selector IMP is the forwarding IMP: %s", YESNO(unknown == probe_msgForward(@selector(unknownThing))));
  [pool drain];
  return 0;
}
